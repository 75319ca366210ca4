// An expression in a value or a 'where' nests at most as deep as the
// compiler's bracket depth (-fbracket-depth, 256 by default) allows: deeper
// is one error at the first token too deep, never a crash. The deep inputs
// are made by the RUN line, 50000 levels each.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "print('#define DEEP_PARENS ' + '(' * 50000 + '1' + ')' * 50000)" > %t/deep_parens.h
// RUN: %python -c "print('#define DEEP_MINUS ' + '- ' * 50000 + '1')" > %t/deep_minus.h
// RUN: %python -c "print('#define DEEP_NOT ' + '!' * 50000 + 'B')" > %t/deep_not.h
// RUN: %python -c "print('#define DEEP_CONDITIONAL ' + 'B ? ' * 50000 + '1' + ' : 0' * 50000)" > %t/deep_conditional.h
// RUN: %python -c "print('#define DEEP_KEY ' + '- ' * 50000 + 'n')" > %t/deep_key.h
// RUN: %python -c "print('#define DEEP_BUFFER ' + '(' * 50000 + 'x' + ')' * 50000 + '[n]')" > %t/deep_buffer.h
// RUN: %clangxx %autotune -fsyntax-only -I%t -Xclang -verify=expected,depth256 %s
// RUN: %clangxx %autotune -fsyntax-only -I%t -fbracket-depth=300 -Xclang -verify=expected,depth300 %s

#include <autotune/autotune.h>
#include "deep_parens.h"
#include "deep_minus.h"
#include "deep_not.h"
#include "deep_conditional.h"
#include "deep_key.h"
#include "deep_buffer.h"

template <int B> void work(int *x);

// 256 levels are allowed, 257 are not; -fbracket-depth=300 allows both.
#define P16(X) ((((((((((((((((X))))))))))))))))
#define P256(X) P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(P16(X))))))))))))))))
void at_the_limit(int *x) {
#pragma autotune space(B = {P256(1)})
  work<B>(x);
  // depth256-error@+2 {{expression in 'space' is nested too deeply: more than 256 levels of brackets and operators}}
  // depth256-note@+1 {{use -fbracket-depth=N to increase maximum nesting level}}
#pragma autotune space(B = {(P256(1))})
  work<B>(x);
}

void deep_values(int *x) {
  // depth256-error@+3 {{expression in 'space' is nested too deeply: more than 256 levels of brackets and operators}}
  // depth300-error@+2 {{expression in 'space' is nested too deeply: more than 300 levels of brackets and operators}}
  // expected-note@+1 {{use -fbracket-depth=N to increase maximum nesting level}}
#pragma autotune space(B = {DEEP_PARENS})
  work<B>(x);
  // expected-error@+2 {{expression in 'budget' is nested too deeply}}
  // expected-note@+1 {{use -fbracket-depth=N}}
#pragma autotune space(B = {1}) budget(DEEP_MINUS)
  work<B>(x);
}

void deep_where(int *x) {
  // expected-error@+2 {{expression in 'where' is nested too deeply}}
  // expected-note@+1 {{use -fbracket-depth=N}}
#pragma autotune space(B = {0, 1}) where(DEEP_NOT)
  work<B>(x);
  // expected-error@+2 {{expression in 'where' is nested too deeply}}
  // expected-note@+1 {{use -fbracket-depth=N}}
#pragma autotune space(B = {0, 1}) where(DEEP_CONDITIONAL)
  work<B>(x);
}

// Run-time expressions go to clang's own parser, which the same limit keeps
// within its stack.
void deep_run_time_expressions(int *x, int n) {
  // expected-error@+2 {{expression in 'key' is nested too deeply}}
  // expected-note@+1 {{use -fbracket-depth=N}}
#pragma autotune space(B = {1}) key(DEEP_KEY)
  work<B>(x);
  // expected-error@+2 {{expression in 'restore' is nested too deeply}}
  // expected-note@+1 {{use -fbracket-depth=N}}
#pragma autotune space(B = {1}) restore(DEEP_BUFFER)
  work<B>(x);
}
