// The sites of the two spaces that are not the examples', shared by the
// benchmarks that tune them (tuning_cost, online_latency): "blocksize6", 6
// block sizes of an out-of-place scale-add, and "sgemm52", 52 tile shapes of
// the SGEMM-like kernel of bench/compile_scaling.sh (sgemm_kernel.h).
#ifndef AUTOTUNE_BENCH_HELD_OUT_SITES_H
#define AUTOTUNE_BENCH_HELD_OUT_SITES_H

#include "sgemm_kernel.h"

#include <autotune/autotune.h>

template <int BLOCK>
__global__ void scaleAdd(int n, float a, const float *x, float b,
                         const float *y, float *z) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    z[i] = a * x[i] + b * y[i];
}

void scaleAddRun(int n, float a, const float *x, float b, const float *y,
                 float *z, cudaStream_t s) {
#pragma autotune space(BLOCK = {32, 64, 128, 256, 512, 1024}) default(         \
    BLOCK = 256) key(n) name("blocksize6")
  scaleAdd<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, a, x, b, y, z);
}

// sgemm52: the kernel of sgemm_kernel.h over bench/compile_scaling.sh's
// 52-point space.
void sgemmRun(int m, int n, int k, const float *a, const float *b, float *c,
              cudaStream_t s) {
#pragma autotune space(BM = {16, 32, 64, 128}, BN = {16, 32, 64, 128},         \
                       BK = {4, 8, 16, 32})                                    \
    where(BM *BN >= 1024) default(BM = 64, BN = 64, BK = 8) key(m, n, k)       \
        name("sgemm52")
  sgemm<BM, BN, BK><<<dim3((n + BN - 1) / BN, (m + BM - 1) / BM),
                      (BM / 4) * (BN / 4), 0, s>>>(m, n, k, a, b, c);
}

#endif // AUTOTUNE_BENCH_HELD_OUT_SITES_H
