// A kernel and its launcher in a header, with a site: ROWS = 16 needs 64 KB
// of static shared memory, more than the 48 KB a kernel may hold.
#pragma once
#include <autotune/autotune.h>

template <int ROWS> __global__ void rows(float *y) {
  __shared__ float buffer[ROWS * 1024];
  buffer[threadIdx.x] = y[threadIdx.x];
  __syncthreads();
  y[threadIdx.x] = buffer[(threadIdx.x + 1) % blockDim.x] + ROWS;
}

inline void runRows(float *y) {
#pragma autotune space(ROWS = {1, 2, 16}) name("rows")
  rows<ROWS><<<1, 128>>>(y);
}
