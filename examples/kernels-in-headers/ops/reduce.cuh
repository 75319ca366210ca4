// A reduction in a .cuh: a kernel template with shared memory sized by the
// tuned block, and a launcher template (the site is in a function template).
#ifndef KIH_OPS_REDUCE_CUH
#define KIH_OPS_REDUCE_CUH

#include "../common/check.h"
#include <autotune/autotune.h>

// Integer sums: the result does not depend on the order of the additions,
// so both builds and every variant give the same bits.
template <int BLOCK, typename T>
__global__ void blockSum(int n, const T *x, unsigned long long *total) {
  __shared__ unsigned long long Partial[BLOCK];
  int I = blockIdx.x * BLOCK + threadIdx.x;
  Partial[threadIdx.x] = I < n ? static_cast<unsigned long long>(x[I]) : 0;
  __syncthreads();
  for (int Half = BLOCK / 2; Half > 0; Half /= 2) {
    if (threadIdx.x < Half)
      Partial[threadIdx.x] += Partial[threadIdx.x + Half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(total, Partial[0]);
}

template <typename T>
void sumRun(int n, const T *x, unsigned long long *total, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 512}) key(n) restore(total[1])
  blockSum<BLOCK, T><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, x, total);
}

#endif // KIH_OPS_REDUCE_CUH
