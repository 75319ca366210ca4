// A CUDA header with a site, as code bases lay out their launchers.
#include <autotune/autotune.h>

template <int BLOCK> __global__ void fill(int *x, int n) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    x[i] = i;
}

inline void launch_fill(int *x, int n) {
#pragma autotune space(BLOCK = {128, 256}) key(n)
  fill<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(x, n);
}
