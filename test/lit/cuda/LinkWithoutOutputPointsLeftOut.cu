// A compile that links and names no output ('-o' absent: the program is
// a.out) leaves out the points that cannot compile too, on both routes, and
// keeps them beside a.out; an option's value that reads as a mode ('-Xlinker
// -E', the linker's --export-dynamic) does not make it a compile.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t/nvcc %t/clang %t/value
// RUN: cp %s %t/nvcc/a.cu && cp %s %t/clang/a.cu && cp %s %t/value/a.cu
// RUN: cd %t/nvcc && %autotune-nvcc -std=c++17 -arch=sm_90 a.cu 2>&1 | %FileCheck %s
// RUN: ls %t/nvcc | %FileCheck %s --check-prefix=FILES
// RUN: cd %t/clang && %autotune-clang++ a.cu 2>&1 | %FileCheck %s
// RUN: ls %t/clang | %FileCheck %s --check-prefix=FILES
// RUN: cd %t/value && %autotune-nvcc -std=c++17 -arch=sm_90 a.cu -Xlinker -E 2>&1 | %FileCheck %s
// RUN: ls %t/value | %FileCheck %s --check-prefix=FILES
// CHECK: autotune: {{(.*/)?}}a.cu:[[#LINE:]]: site 'scale': point (B = 8) left out: static assertion failed
// CHECK-NOT: left out
// FILES: a.cu
// FILES-NEXT: a.out
// FILES-NEXT: a.out.autotune-excluded
// FILES-EMPTY:

#include <autotune/autotune.h>

template <int B> __global__ void scale(float *y) {
  static_assert(B <= 4, "the block is too large");
  y[threadIdx.x] *= B;
}

void run(float *y) {
#pragma autotune space(B = {1, 2, 4, 8}) name("scale")
  scale<B><<<1, 32>>>(y);
}

int main() { return 0; }
