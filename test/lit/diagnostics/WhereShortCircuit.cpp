// '&&', '||' and '?:' in 'where' evaluate only the operand C would, so a
// guard keeps a division from being evaluated at the point it protects.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void guarded(int *x) {
#pragma autotune space(B = {0, 2, 64}) where(B != 0 && 64 / B > 2)
  work<B>(x);
#pragma autotune space(B = {0, 2, 64}) where(B == 0 || 64 % B == 0)
  work<B>(x);
#pragma autotune space(B = {0, 2, 64}) where(B ? 64 / B > 2 : 1)
  work<B>(x);
}

void unguarded(int *x) {
#pragma autotune space(B = {0, 2}) where(B == 0 && 64 / B > 2) // expected-error {{division by zero in 'where'}}
  work<B>(x);
#pragma autotune space(B = {0, 2}) where(B ? 1 : 64 / B) // expected-error {{division by zero in 'where'}}
  work<B>(x);
}
