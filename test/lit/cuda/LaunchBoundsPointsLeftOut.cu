// A point whose '__launch_bounds__' ask for more threads than a block may
// have (4096; 2048 draws no warning): CUDA 13's ptxas only warns ("out of
// range ... will be ignored") and compiles it, so nothing is left out (at run
// time such a block fails to launch, and the runtime skips the variant). A
// build that makes ptxas's warnings errors cannot compile it: the point is
// left out, with ptxas's reason, on both routes.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/bounds.cu && cd %t
// RUN: %autotune-clang++ -O2 -c bounds.cu -o plain.o 2>&1 | %FileCheck %s --check-prefix=PLAIN
// PLAIN-NOT: left out
// RUN: %autotune-clang++ -O2 -Xptxas --warning-as-error -c bounds.cu -o clang.o 2>&1 | %FileCheck %s
// RUN: %autotune-nvcc -std=c++17 -O2 -arch=sm_90 -Xptxas --warning-as-error -c bounds.cu -o nvcc.o 2>&1 | %FileCheck %s
// CHECK: site 'bounded': point (THREADS = 4096) left out: ptxas: Value of threads per SM for entry {{.*}} is out of range
// CHECK-NOT: left out

#include <autotune/autotune.h>

template <int THREADS> __global__ void __launch_bounds__(THREADS) bounded(float *y) {
  y[threadIdx.x] += THREADS;
}

void run(float *y) {
#pragma autotune space(THREADS = {256, 1024, 4096}) name("bounded")
  bounded<THREADS><<<1, 256>>>(y);
}
