// The device job emits one kernel per compiled point, and none of the points
// that 'where' removed.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=REMOVED

#include <autotune/autotune.h>

template <int BLOCK, int ITEMS>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
  for (int k = 0; k < ITEMS && i + k < n; ++k)
    y[i + k] = a * x[i + k] + y[i + k];
}

void saxpy_run(int n, float a, const float *x, float *y, cudaStream_t s) {
#pragma autotune space(BLOCK = {64, 128, 256, 512}, ITEMS = {1, 2, 4}) \
                 where(BLOCK * ITEMS <= 512) key(n)
  saxpy<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, x, y);
}

// CHECK-DAG: .entry _Z5saxpyILi64ELi1EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi64ELi2EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi64ELi4EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi128ELi1EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi128ELi2EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi128ELi4EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi256ELi1EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi256ELi2EEvifPKfPf(
// CHECK-DAG: .entry _Z5saxpyILi512ELi1EEvifPKfPf(
// REMOVED-NOT: .entry _Z5saxpyILi256ELi4EEvifPKfPf(
// REMOVED-NOT: .entry _Z5saxpyILi512ELi2EEvifPKfPf(
// REMOVED-NOT: .entry _Z5saxpyILi512ELi4EEvifPKfPf(
