// The nvcc route builds for the GPUs clang 19 does not know: a rewritten
// file compiles with CUDA 13's nvcc for sm_100, sm_100a and sm_120, each
// variant's kernel in the cubin. (The clang route refuses these GPUs with a
// message naming this route: test/lit/driver/NewerGpusRefused.test.) Needs
// nvcc: skipped where there is none, run where the toolkit is.
// REQUIRES: rewrite-tool, nvcc
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/fill.cu -- -std=c++17 -I%S/../../../runtime/include
// RUN: %nvcc-any-arch -D__AUTOTUNE__=1 -arch=sm_100 -cubin %t/fill.cu -o %t/sm_100.cubin
// RUN: strings %t/sm_100.cubin | %FileCheck %s
// RUN: %nvcc-any-arch -D__AUTOTUNE__=1 -arch=sm_100a -cubin %t/fill.cu -o %t/sm_100a.cubin
// RUN: strings %t/sm_100a.cubin | %FileCheck %s
// RUN: %nvcc-any-arch -D__AUTOTUNE__=1 -arch=sm_120 -cubin %t/fill.cu -o %t/sm_120.cubin
// RUN: strings %t/sm_120.cubin | %FileCheck %s

#include <autotune/autotune.h>

template <int BLOCK> __global__ void fill(int *x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    x[i] = i;
}

void launch_fill(int *x, int n) {
#pragma autotune space(BLOCK = {128, 256}) key(n)
  fill<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(x, n);
}

// CHECK-DAG: _Z4fillILi128EEvPii
// CHECK-DAG: _Z4fillILi256EEvPii
