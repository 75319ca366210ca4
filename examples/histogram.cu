// A 256-bin histogram of bytes. Each block counts into a private copy in
// shared memory, then adds it to the global bins with atomics. The bins
// accumulate, so restore(bins[256]) gives every tuning run, and the final
// launch, the zeroed bins the program prepared: the program sees one count.
//
//   scripts/autotune-clang++ -O2 examples/histogram.cu -o histogram &&
//   ./histogram
#include "cuda_check.h"

#include <autotune/autotune.h>

#include <vector>

constexpr int Bins = 256;

template <int BLOCK, int ITEMS>
__global__ void histogram(int n, const unsigned char *data, unsigned *bins) {
  __shared__ unsigned Local[Bins];
  for (int B = threadIdx.x; B < Bins; B += BLOCK)
    Local[B] = 0;
  __syncthreads();
  const long long Base = static_cast<long long>(blockIdx.x) * BLOCK * ITEMS;
  for (int I = 0; I < ITEMS; ++I) {
    long long Index = Base + I * BLOCK + threadIdx.x;
    if (Index < n)
      atomicAdd(&Local[data[Index]], 1u);
  }
  __syncthreads();
  for (int B = threadIdx.x; B < Bins; B += BLOCK)
    if (Local[B])
      atomicAdd(&bins[B], Local[B]);
}

void histogramRun(int n, const unsigned char *data, unsigned *bins,
                  cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 512, 1024}, ITEMS = {1, 4, 16, 64})  \
    key(n) restore(bins[Bins]) name("histogram")
  histogram<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, data,
                                                                   bins);
}

int main() {
  showTuningTable();
  const int N = 50 * 1000 * 1000;
  std::vector<unsigned char> Data(N);
  std::vector<unsigned> Want(Bins, 0);
  unsigned State = 12345;
  for (int I = 0; I < N; ++I) {
    State = State * 1103515245u + 12345u;
    // Skewed: low bins are hot, which is where privatisation pays.
    unsigned char V =
        static_cast<unsigned char>((State >> 16) % (1 + (State >> 8) % 256));
    Data[I] = V;
    ++Want[V];
  }
  unsigned char *DData;
  unsigned *DBins;
  CHECK_CUDA(cudaMalloc(&DData, N));
  CHECK_CUDA(cudaMalloc(&DBins, Bins * sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(DData, Data.data(), N, cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemset(DBins, 0, Bins * sizeof(unsigned)));

  histogramRun(N, DData, DBins, nullptr);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<unsigned> Got(Bins);
  CHECK_CUDA(cudaMemcpy(Got.data(), DBins, Bins * sizeof(unsigned),
                        cudaMemcpyDeviceToHost));
  for (int B = 0; B < Bins; ++B)
    if (Got[B] != Want[B]) {
      std::printf("histogram: FAIL in bin %d: got %u, want %u\n", B, Got[B],
                  Want[B]);
      return 1;
    }
  std::printf("histogram: OK (%d bytes, %d bins)\n", N, Bins);
  return 0;
}
