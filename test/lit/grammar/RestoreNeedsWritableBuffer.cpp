// A restore(...) buffer is written back before every run, so it must not be
// const: the runtime header rejects a pointer to const at compile time.
// RUN: %not %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

template <int A> void work(const float *x) {}

void const_buffer(const float *x, int n) {
#pragma autotune space(A = {1, 2}) restore(x[n])
  work<A>(x);
}
// CHECK: error: static assertion failed
// CHECK-SAME: autotune: a restore(...) buffer must be writable
