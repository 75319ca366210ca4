// A Makefile's link step: the objects alone, no .cu on the line. The
// wrappers still link the autotune libraries, so the program the rewritten
// objects make links and runs its sites.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %autotune-nvcc -std=c++17 -arch=sm_90 -c %s -o nvcc.o
// RUN: %autotune-nvcc -arch=sm_90 nvcc.o -o nvcc-app
// RUN: nm -C nvcc-app | %FileCheck %s
// RUN: %autotune-nvcc -arch=sm_90 -lib nvcc.o -o nvcc-lib.a
// RUN: nm -C nvcc-lib.a | %FileCheck %s --check-prefix=LIB
// RUN: %autotune-clang++ -c %s -o clang.o
// RUN: %autotune-clang++ clang.o -o clang-app
// RUN: nm -C clang-app | %FileCheck %s
// CHECK: T autotune::Site::run(
// LIB: U autotune::Site::run(
// LIB-NOT: T autotune::Site::run(

#include <autotune/autotune.h>

template <int B> __global__ void scale(float *y) { y[threadIdx.x] *= B; }

void run(float *y) {
#pragma autotune space(B = {1, 2})
  scale<B><<<1, 32>>>(y);
}

int main() { return 0; }
