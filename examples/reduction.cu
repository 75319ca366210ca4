// The sum of n integers: each thread adds ITEMS elements, each block reduces
// its BLOCK partial sums in shared memory and adds the block's total to *sum
// with one atomic. The atomics accumulate into *sum, so restore(sum[1]) puts
// the zero back before every tuning run: the program sees one sum.
//
//   scripts/autotune-clang++ -O2 examples/reduction.cu -o reduction &&
//   ./reduction
#include "cuda_check.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK, int ITEMS>
__global__ void reduceSum(int n, const int *in, unsigned long long *sum) {
  __shared__ unsigned long long Partial[BLOCK];
  const long long Base = static_cast<long long>(blockIdx.x) * BLOCK * ITEMS;
  unsigned long long Acc = 0;
#pragma unroll
  for (int I = 0; I < ITEMS; ++I) {
    long long Index = Base + I * BLOCK + threadIdx.x; // coalesced per item
    if (Index < n)
      Acc += static_cast<unsigned long long>(static_cast<long long>(in[Index]));
  }
  Partial[threadIdx.x] = Acc;
  __syncthreads();
  for (int Stride = BLOCK / 2; Stride > 0; Stride /= 2) {
    if (threadIdx.x < Stride)
      Partial[threadIdx.x] += Partial[threadIdx.x + Stride];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, Partial[0]);
}

void sumRun(int n, const int *in, unsigned long long *sum, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 1024), ITEMS = pow2(1, 16))            \
    where(BLOCK *ITEMS <= 8192) key(n) restore(sum[1]) name("reduction")
  reduceSum<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, in, sum);
}

int main() {
  showTuningTable();
  const int N = (1 << 25) + 12345; // not a multiple of any block
  std::vector<int> In(N);
  long long Want = 0;
  for (int I = 0; I < N; ++I) {
    In[I] = (I * 2654435761u) % 2001 - 1000;
    Want += In[I];
  }
  int *DIn;
  unsigned long long *DSum;
  CHECK_CUDA(cudaMalloc(&DIn, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DSum, sizeof(unsigned long long)));
  CHECK_CUDA(
      cudaMemcpy(DIn, In.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  for (int Call = 0; Call < 2; ++Call) {
    CHECK_CUDA(cudaMemsetAsync(DSum, 0, sizeof(unsigned long long), S));
    sumRun(N, DIn, DSum, S);
    CHECK_CUDA(cudaGetLastError());
    unsigned long long Got = 0;
    CHECK_CUDA(
        cudaMemcpyAsync(&Got, DSum, sizeof Got, cudaMemcpyDeviceToHost, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    if (static_cast<long long>(Got) != Want) {
      std::printf("reduction: FAIL on call %d: got %lld, want %lld\n", Call + 1,
                  static_cast<long long>(Got), Want);
      return 1;
    }
  }
  std::printf("reduction: OK (sum of %d ints = %lld, 2 calls)\n", N, Want);
  return 0;
}
