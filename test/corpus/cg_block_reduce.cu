// Sum of squares with cooperative groups: each warp reduces with cg::reduce
// over a 32-thread tiled partition, warp 0 reduces the warps' partial sums,
// and one atomic per block adds the block's sum to the total. The total is
// accumulated in place, so the site restores it before every tuning run.
#include "corpus.h"

#include <autotune/autotune.h>

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

#include <vector>

namespace cg = cooperative_groups;

template <int BLOCK, int ITEMS>
__global__ void sumSquares(int n, const int *x, unsigned long long *total) {
  static_assert(BLOCK % 32 == 0 && BLOCK <= 1024, "whole warps");
  __shared__ long long WarpSums[BLOCK / 32];
  cg::thread_block Block = cg::this_thread_block();
  cg::thread_block_tile<32> Warp = cg::tiled_partition<32>(Block);

  long long Acc = 0;
  const int Stride = gridDim.x * BLOCK;
  int I = blockIdx.x * BLOCK + threadIdx.x;
#pragma unroll
  for (int K = 0; K < ITEMS; ++K, I += Stride)
    if (I < n)
      Acc += static_cast<long long>(x[I]) * x[I];
  for (; I < n; I += Stride) // when the grid was capped
    Acc += static_cast<long long>(x[I]) * x[I];

  long long WarpSum = cg::reduce(Warp, Acc, cg::plus<long long>());
  if (Warp.thread_rank() == 0)
    WarpSums[Warp.meta_group_rank()] = WarpSum;
  Block.sync();
  if (Warp.meta_group_rank() == 0) {
    long long Part =
        Warp.thread_rank() < BLOCK / 32 ? WarpSums[Warp.thread_rank()] : 0;
    long long BlockSum = cg::reduce(Warp, Part, cg::plus<long long>());
    if (Warp.thread_rank() == 0)
      atomicAdd(total, static_cast<unsigned long long>(BlockSum));
  }
}

void sumOfSquares(int n, const int *x, unsigned long long *total,
                  cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 1024),                                 \
                       ITEMS = {1, 4, 16}) default(BLOCK = 256, ITEMS = 1)     \
    key(n) restore(total[1]) verify(total[1]) name("cg_sum_squares")
  sumSquares<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, x, total);
}

int main() {
  const int Sizes[] = {1 << 24, 1000003}; // two keys: two tunings
  const int NMax = Sizes[0];
  std::vector<int> X(NMax);
  for (int I = 0; I < NMax; ++I)
    X[I] = static_cast<int>((I * 7919ll) % 2001) - 1000;

  int *DX;
  unsigned long long *DTotal;
  CHECK_CUDA(cudaMalloc(&DX, NMax * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DTotal, sizeof(unsigned long long)));
  CHECK_CUDA(
      cudaMemcpy(DX, X.data(), NMax * sizeof(int), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  long Wrong = 0;
  std::uint64_t Sum = fnv1a(nullptr, 0);
  for (int N : Sizes) {
    unsigned long long Want = 0;
    for (int I = 0; I < N; ++I)
      Want +=
          static_cast<unsigned long long>(static_cast<long long>(X[I]) * X[I]);
    for (int Call = 0; Call < 2; ++Call) { // the first call tunes
      CHECK_CUDA(cudaMemsetAsync(DTotal, 0, sizeof(unsigned long long), S));
      sumOfSquares(N, DX, DTotal, S);
      CHECK_CUDA(cudaGetLastError());
      unsigned long long Got = 0;
      CHECK_CUDA(cudaMemcpyAsync(&Got, DTotal, sizeof(Got),
                                 cudaMemcpyDeviceToHost, S));
      CHECK_CUDA(cudaStreamSynchronize(S));
      if (Got != Want) {
        std::printf("cg_block_reduce: n = %d: got %llu, want %llu\n", N, Got,
                    Want);
        ++Wrong;
      }
      Sum = fnv1a(&Got, sizeof(Got), Sum);
    }
  }
  CHECK_CUDA(cudaFree(DX));
  CHECK_CUDA(cudaFree(DTotal));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("cg_block_reduce", Sum, Wrong);
}
