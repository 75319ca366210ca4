// A value of INT64_MIN, written as C++ writes it ('-9223372036854775808'),
// is a point of the space like any other: the site compiles, with no error
// in the code the plugin generates. The literal 9223372036854775808 without
// its '-' does not fit and is an error at the literal.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: %clangxx %autotune -c -o /dev/null -DCOMPILE %s

#include <autotune/autotune.h>

template <long long B> void work(long long *x) { *x = B; }

void int64_min(long long *x) {
#pragma autotune space(B = {-9223372036854775808, 0, 9223372036854775807}) default(B = -9223372036854775808)
  work<B>(x);
#pragma autotune configs({B = -9223372036854775807 - 1}, {B = 1}) where(B < 0)
  work<B>(x);
#pragma autotune space(B = range(-9223372036854775808, -9223372036854775806))
  work<B>(x);
}

#ifndef COMPILE
void too_large(long long *x) {
#pragma autotune space(B = {9223372036854775808}) // expected-error {{integer literal in 'space' is too large for a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {1}) budget(0 - 9223372036854775808) // expected-error {{integer literal in 'budget' is too large for a 64-bit signed integer}}
  work<B>(x);
}
#endif
