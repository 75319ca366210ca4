// Issue 3, point 3: with restore(...), a kernel that updates in place and one
// that accumulates with atomics leave, after the tuning call, bitwise the
// result of one untuned launch (integers, so every variant computes the
// same bits and the reference is exact).
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK> __global__ void scaleInPlace(int n, unsigned *x) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    x[I] = x[I] * 2654435761u + 1u; // a second run would change every element
}

template <int BLOCK, int ITEMS>
__global__ void countMod(int n, const unsigned *x, unsigned *counts) {
  long long Base = static_cast<long long>(blockIdx.x) * BLOCK * ITEMS;
  for (int I = 0; I < ITEMS; ++I) {
    long long Index = Base + I * BLOCK + threadIdx.x;
    if (Index < n)
      atomicAdd(&counts[x[Index] % 64], 1u);
  }
}

void scaleRun(int n, unsigned *x, cudaStream_t s) {
#pragma autotune space(BLOCK = {64, 128, 256, 512, 1024}) key(n) restore(x[n]) \
    name("restore_in_place")
  scaleInPlace<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, x);
}

void countRun(int n, const unsigned *x, unsigned *counts, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 1024}, ITEMS = {1, 8}) key(n)        \
    restore(counts[64]) name("restore_atomics")
  countMod<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, x,
                                                                   counts);
}

int main() {
  const int N = 3 * 1000 * 1000 + 7;
  std::vector<unsigned> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = static_cast<unsigned>(I) * 7919u;
  unsigned *DX, *DCounts;
  CHECK_CUDA(cudaMalloc(&DX, N * sizeof(unsigned)));
  CHECK_CUDA(cudaMalloc(&DCounts, 64 * sizeof(unsigned)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  for (int Call = 1; Call <= 2; ++Call) { // tuning call, then a tuned one
    CHECK_CUDA(cudaMemcpyAsync(DX, X.data(), N * sizeof(unsigned),
                               cudaMemcpyHostToDevice, S));
    CHECK_CUDA(cudaMemsetAsync(DCounts, 0, 64 * sizeof(unsigned), S));
    scaleRun(N, DX, S);
    countRun(N, DX, DCounts, S);
    CHECK_CUDA(cudaGetLastError());

    std::vector<unsigned> GotX(N), GotCounts(64), WantCounts(64, 0);
    CHECK_CUDA(cudaMemcpyAsync(GotX.data(), DX, N * sizeof(unsigned),
                               cudaMemcpyDeviceToHost, S));
    CHECK_CUDA(cudaMemcpyAsync(GotCounts.data(), DCounts, 64 * sizeof(unsigned),
                               cudaMemcpyDeviceToHost, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    int Wrong = 0;
    for (int I = 0; I < N; ++I) {
      unsigned Want = X[I] * 2654435761u + 1u;
      Wrong += GotX[I] != Want;
      ++WantCounts[Want % 64];
    }
    EXPECT(Wrong == 0, "call %d: %d elements are not one in-place update", Call,
           Wrong);
    for (int B = 0; B < 64; ++B)
      EXPECT(GotCounts[B] == WantCounts[B], "call %d: bin %d holds %u, want %u",
             Call, B, GotCounts[B], WantCounts[B]);
  }
  return finish("RestoreInPlaceAndAtomics");
}
