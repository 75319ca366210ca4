// A key that is not integral or enum (here a float, a pointer) is one compile
// error at the key, with a message that says what a key must be.
// RUN: %not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --check-prefix=FLOAT --implicit-check-not=error:
// RUN: %not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics -DPOINTER %s 2>&1 | %FileCheck %s --check-prefix=POINTER --implicit-check-not=error:

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }

#ifndef POINTER
void float_key(int *x, float scale) {
#pragma autotune space(A = {1, 2}) key(scale)
  // FLOAT: KeyMustBeIntegral.cpp:[[@LINE-1]]:40: error: a key(...) value must be of integral or enum type
  work<A>(x);
}
#else
void pointer_key(int *x) {
#pragma autotune space(A = {1, 2}) key(x)
  // POINTER: KeyMustBeIntegral.cpp:[[@LINE-1]]:40: error: a key(...) value must be of integral or enum type
  work<A>(x);
}
#endif
