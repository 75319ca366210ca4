// A kernel and its launcher in a .cuh, included by both programs (train.cu
// and evaluate.cu): the mirror holds one copy, the same for both.
#ifndef KIH_OPS_SCALE_CUH
#define KIH_OPS_SCALE_CUH

#include "../common/check.h"
#include <autotune/autotune.h>

template <int BLOCK, int ITEMS>
__global__ void scaleAdd(int n, float a, const float *x, float *y) {
  int First = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
  for (int K = 0; K < ITEMS; ++K) {
    int I = First + K * BLOCK;
    if (I < n)
      y[I] = a * x[I] + y[I];
  }
}

// y = a * x + y, tuned per problem size.
inline void scaleAddRun(int n, float a, const float *x, float *y,
                        cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 512), ITEMS = {1, 2, 4})               \
    where(BLOCK *ITEMS <= 1024) default(BLOCK = 256, ITEMS = 1) key(n)         \
        restore(y[n])
  scaleAdd<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, x, y);
}

#endif // KIH_OPS_SCALE_CUH
