// The SGEMM-like kernel of the heavy-site benchmarks: bench/compile_scaling.sh
// compiles it at sites of 1 to 52 points, bench/tuning_cost.cu tunes it over
// 52. C = A * B, row-major, with BM x BN tiles of C per block, BK-wide slices
// of A and B staged in shared memory, and a 4 x 4 tile of C per thread, so a
// block has (BM / 4) * (BN / 4) threads.
#ifndef AUTOTUNE_BENCH_SGEMM_KERNEL_H
#define AUTOTUNE_BENCH_SGEMM_KERNEL_H

template <int BM, int BN, int BK>
__global__ void sgemm(int m, int n, int k, const float *a, const float *b,
                      float *c) {
  constexpr int TM = 4, TN = 4, THREADS = (BM / TM) * (BN / TN);
  __shared__ float as[BK][BM];
  __shared__ float bs[BK][BN];
  const int tx = threadIdx.x % (BN / TN), ty = threadIdx.x / (BN / TN);
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < k; k0 += BK) {
#pragma unroll
    for (int i = 0; i < (BM * BK + THREADS - 1) / THREADS; ++i) {
      int e = i * THREADS + threadIdx.x, r = e / BK, kk = e % BK;
      if (e < BM * BK)
        as[kk][r] =
            (row0 + r < m && k0 + kk < k) ? a[(row0 + r) * k + k0 + kk] : 0.0f;
    }
#pragma unroll
    for (int i = 0; i < (BN * BK + THREADS - 1) / THREADS; ++i) {
      int e = i * THREADS + threadIdx.x, kk = e / BN, cc = e % BN;
      if (e < BN * BK)
        bs[kk][cc] = (k0 + kk < k && col0 + cc < n)
                         ? b[(k0 + kk) * n + col0 + cc]
                         : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk) {
      float ra[TM], rb[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i)
        ra[i] = as[kk][ty * TM + i];
#pragma unroll
      for (int j = 0; j < TN; ++j)
        rb[j] = bs[kk][tx * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] += ra[i] * rb[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < TM; ++i)
#pragma unroll
    for (int j = 0; j < TN; ++j) {
      int r = row0 + ty * TM + i, cc = col0 + tx * TN + j;
      if (r < m && cc < n)
        c[r * n + cc] = acc[i][j];
    }
}

#endif // AUTOTUNE_BENCH_SGEMM_KERNEL_H
