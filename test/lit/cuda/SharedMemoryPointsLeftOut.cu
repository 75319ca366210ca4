// Points whose kernel needs more than 48 KB of static shared memory (ptxas:
// "uses too much shared data") or fails a 'static_assert' on its parameters
// are left out, on both routes: autotune-clang++ (the plugin) and
// autotune-nvcc (autotune-rewrite, then nvcc). Each is said once, with the
// compiler's reason; the program keeps the other points, and the rewritten
// site holds only them.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/stage.cu && cd %t
// RUN: %autotune-clang++ -O2 -c stage.cu -o clang.o 2>&1 | %FileCheck %s --check-prefix=LEFT
// RUN: %autotune-nvcc -std=c++17 -O2 -arch=sm_90 -c stage.cu -o nvcc.o 2>&1 | %FileCheck %s --check-prefix=LEFT
// LEFT-DAG: site 'stage': point (ROWS = 3) left out: static assertion failed
// LEFT-DAG: site 'stage': point (ROWS = 16) left out: ptxas: Entry function '{{.*}}' uses too much shared data
// LEFT-DAG: site 'stage': point (ROWS = 32) left out: ptxas: Entry function '{{.*}}' uses too much shared data
// LEFT-NOT: left out
// RUN: %autotune-clang++ -O2 -c stage.cu -o clang.o 2>&1 | %FileCheck %s --check-prefix=LEFT
// RUN: %autotune-nvcc -std=c++17 -O2 -arch=sm_90 -c stage.cu -o nvcc.o 2>&1 | %FileCheck %s --check-prefix=LEFT
// RUN: %autotune-rewrite --excluded=nvcc.o.autotune-excluded stage.cu -o - -- -std=c++17 -I%S/../../../runtime/include | %FileCheck %s --check-prefix=SITE
// SITE: static constexpr long long __autotune_points[] = {1, 2, 4};

#include <autotune/autotune.h>

// Each point's kernel holds ROWS * 4 KB of static shared memory.
template <int ROWS> __global__ void stage(float *y) {
  static_assert(ROWS % 2 == 0 || ROWS == 1, "ROWS must be 1 or even");
  __shared__ float buffer[ROWS * 1024];
  buffer[threadIdx.x] = y[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = buffer[(threadIdx.x + 1) % blockDim.x] + ROWS;
}

void run(float *y) {
#pragma autotune space(ROWS = {1, 2, 3, 4, 16, 32}) name("stage")
  stage<ROWS><<<1, 128>>>(y);
}
