// autotune-rewrite warns about a site without 'key' whose launch
// configuration or 'restore'/'verify' count uses a parameter or a local of
// the enclosing function; 'key()', a 'constexpr' local or a 'const' one
// initialized from literals is quiet.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/out.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --implicit-check-not=warning:

#include <autotune/autotune.h>

template <int B> __global__ void kernel(float *x, int n) { x[0] = B + n; }

void grid_from_parameter(float *x, int n) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<(n + B - 1) / B, B>>>(x, n);
  // CHECK: MissingKey.cu:[[@LINE-1]]:16: warning: the launch configuration uses 'n', which can change from call to call, but the site has no 'key': every call runs the point tuned for the first; add 'key(...)' with the values that set the problem size, or 'key()' to keep one point for all calls
}

void restore_count(float *x, int n) {
  int bytes = n * 4;
#pragma autotune space(B = {64, 128}) restore(x[bytes / 4])
  // CHECK: MissingKey.cu:[[@LINE-1]]:49: warning: 'restore' uses 'bytes'
  kernel<B><<<1, B>>>(x, n);
}

void explicitly_no_key(float *x, int n) {
#pragma autotune space(B = {64, 128}) key()
  kernel<B><<<n, B>>>(x, n);
}
void constants(float *x, int n, cudaStream_t s) {
  constexpr int Blocks = 4;
#pragma autotune space(B = {64, 128})
  kernel<B><<<Blocks, B, 0, s>>>(x, n);
}
// A 'const' local initialized from literals is a constant, as the plugin
// sees it; one computed from a run-time value is not.
void const_locals(float *x, int n) {
  const int Blocks = 4 * (2 + 1), Threads = 128;
#pragma autotune space(B = {64, 128})
  kernel<B><<<Blocks, Threads>>>(x, n);
  const int Grid = n / 128;
#pragma autotune space(B = {64, 128})
  kernel<B><<<Grid, B>>>(x, n);
  // CHECK: MissingKey.cu:[[@LINE-1]]:15: warning: the launch configuration uses 'Grid'
}
