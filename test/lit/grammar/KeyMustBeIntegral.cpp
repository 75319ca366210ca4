// A key that is not integral or enum (here a float) is a compile error from
// the runtime header, with a message that says what a key must be.
// RUN: %not %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,FLOAT
// RUN: %not %clangxx %autotune -fsyntax-only -DPOINTER %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,POINTER

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }

#ifndef POINTER
void float_key(int *x, float scale) {
#pragma autotune space(A = {1, 2}) key(scale)
  work<A>(x);
}
#else
void pointer_key(int *x) {
#pragma autotune space(A = {1, 2}) key(x)
  work<A>(x);
}
#endif
// FLOAT: error: static assertion failed due to requirement 'std::is_integral<float>::value
// POINTER: error: static assertion failed due to requirement 'std::is_integral<int *>::value
// CHECK-SAME: autotune: a key(...) value must be of integral or enum type
