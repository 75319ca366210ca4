// A CUDA compile runs a host job and a device job per GPU architecture, each
// reading the pragmas: the plugin's warnings (and their notes) come from the
// host job alone, once per compile.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-gpu-arch=sm_80 -fsyntax-only %s 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

template <int B> __global__ void kernel(float *x) { x[threadIdx.x] = B; }

void launch(float *x, int n, int block) {
  int grid = (n + block - 1) / block;
#pragma autotune space(block = {64, 128}) key(n)
  kernel<block><<<grid, block>>>(x);
#pragma autotune space(B = {64, 128})
  kernel<B><<<n / B, B>>>(x++);
}

// CHECK:     warning: parameter 'block' hides the function parameter
// CHECK:     note: 'block' declared here
// CHECK:     warning: '++' in a kernel argument
// CHECK:     warning: the launch configuration uses 'n'
// CHECK-NOT: warning:
// CHECK-NOT: note: 'block'
