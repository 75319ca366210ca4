// The launcher real code has: 'grid' is computed from the function's
// 'block_size', and the pragma tunes a parameter of that name. The launch
// sees the tuned value, 'grid' the run-time one: a warning, and the fix
// (computing the grid inside the statement) is quiet.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s

#include <autotune/autotune.h>

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
template <int B> __global__ void kernel(float *x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    x[i] *= 2;
}

void launcher(float *x, int n, int block_size) { // expected-note {{'block_size' declared here}}
  int grid = ceil_div(n, block_size);
  // expected-warning@+1 {{parameter 'block_size' hides the function parameter of the same name: the tuned statement sees the parameter, code outside it still sees the function parameter}}
#pragma autotune space(block_size = {64, 128, 256}) key(n)
  kernel<block_size><<<grid, block_size>>>(x, n);
}

void fixed_launcher(float *x, int n) {
#pragma autotune space(block_size = {64, 128, 256}) key(n)
  kernel<block_size><<<ceil_div(n, block_size), block_size>>>(x, n);
}
