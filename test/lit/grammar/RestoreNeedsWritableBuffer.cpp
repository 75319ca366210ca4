// A restore(...) buffer is written back before every run, so it must not be
// const: a pointer to const is one compile error, at the pointer.
// RUN: %not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --implicit-check-not=error:

#include <autotune/autotune.h>

template <int A> void work(const float *x) {}

void const_buffer(const float *x, int n) {
#pragma autotune space(A = {1, 2}) restore(x[n])
  // CHECK: RestoreNeedsWritableBuffer.cpp:[[@LINE-1]]:44: error: a restore(...) buffer must be writable
  work<A>(x);
}
