// '-c' with several sources and no '-o': each object is named after its
// source, in the working directory, as the compiler names it; the points that
// cannot compile are left out of each, and the probes write nothing there:
// the directory holds the sources, the objects and the file of left-out
// points of each, on both routes.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t/nvcc %t/clang
// RUN: cp %s %t/nvcc/a.cu && cp %s %t/nvcc/b.cu && cp %s %t/clang/a.cu && cp %s %t/clang/b.cu
// RUN: cd %t/nvcc && %autotune-nvcc -std=c++17 -arch=sm_90 -c a.cu b.cu 2>&1 | %FileCheck %s
// RUN: ls %t/nvcc | %FileCheck %s --check-prefix=FILES
// RUN: cd %t/clang && %autotune-clang++ -c a.cu b.cu 2>&1 | %FileCheck %s
// RUN: ls %t/clang | %FileCheck %s --check-prefix=FILES
// CHECK: autotune: {{(.*/)?}}a.cu:[[#LINE:]]: site 'scale': point (B = 8) left out: static assertion failed
// CHECK-NEXT: autotune: {{(.*/)?}}b.cu:[[#LINE]]: site 'scale': point (B = 8) left out: static assertion failed
// CHECK-NOT: left out
// FILES: a.cu
// FILES-NEXT: a.o
// FILES-NEXT: a.o.autotune-excluded
// FILES-NEXT: b.cu
// FILES-NEXT: b.o
// FILES-NEXT: b.o.autotune-excluded
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
