// One array processed in chunks, each chunk on the next of four streams, so
// that copies and kernels of different chunks overlap. The site sits inside
// the loop: its first call tunes for the full chunk length, the shorter last
// chunk is another key and is tuned once too; every other call dispatches to
// the chosen variant on its own stream.
#include "corpus.h"

#include <autotune/autotune.h>

#include <algorithm>
#include <vector>

struct Polynomial {
  float C[6]; // C[0] + C[1] x + ... + C[5] x^5
};

__host__ __device__ inline float horner(const Polynomial &P, float X) {
  float Y = P.C[5];
  for (int K = 4; K >= 0; --K)
    Y = fmaf(Y, X, P.C[K]);
  return Y;
}

template <int BLOCK, int ITEMS>
__global__ void evaluate(int n, Polynomial p, const float *x, float *y) {
  const int Base = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int K = 0; K < ITEMS; ++K) {
    const int I = Base + K * BLOCK;
    if (I < n)
      y[I] = horner(p, x[I]);
  }
}

int main() {
  const int N = 9987655, Chunks = 10, NumStreams = 4; // last chunk shorter
  const int ChunkLen = (N + Chunks - 1) / Chunks;
  const Polynomial P = {{0.5f, -1.0f, 0.25f, 0.125f, -0.0625f, 0.03125f}};
  float *HX, *HY; // pinned, so that the copies are asynchronous
  CHECK_CUDA(cudaMallocHost(&HX, N * sizeof(float)));
  CHECK_CUDA(cudaMallocHost(&HY, N * sizeof(float)));
  for (int I = 0; I < N; ++I)
    HX[I] = static_cast<float>(I % 4000) / 1000.0f - 2.0f;

  float *DX, *DY;
  CHECK_CUDA(cudaMalloc(&DX, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DY, N * sizeof(float)));
  std::vector<cudaStream_t> Streams(NumStreams);
  for (cudaStream_t &S : Streams)
    CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  for (int Pass = 0; Pass < 2; ++Pass) {
    for (int C = 0; C < Chunks; ++C) {
      const int Offset = C * ChunkLen;
      const int Len = std::min(ChunkLen, N - Offset);
      cudaStream_t S = Streams[C % NumStreams];
      const float *X = DX + Offset;
      float *Y = DY + Offset;
      CHECK_CUDA(cudaMemcpyAsync(DX + Offset, HX + Offset, Len * sizeof(float),
                                 cudaMemcpyHostToDevice, S));
#pragma autotune space(BLOCK = pow2(64, 1024), ITEMS = {1, 2, 4, 8})           \
    where(BLOCK *ITEMS <= 4096) default(BLOCK = 256, ITEMS = 1) key(Len)       \
        verify(Y[Len]) name("stream_loop_polynomial")
      evaluate<BLOCK, ITEMS>
          <<<(Len + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, S>>>(Len, P,
                                                                         X, Y);
      CHECK_CUDA(cudaMemcpyAsync(HY + Offset, DY + Offset, Len * sizeof(float),
                                 cudaMemcpyDeviceToHost, S));
    }
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  long Wrong = 0;
  for (int I = 0; I < N; ++I) {
    float Want = horner(P, HX[I]);
    if (HY[I] != Want) {
      if (Wrong < 5)
        std::printf("stream_loop: y[%d] = %.9g, want %.9g\n", I, HY[I], Want);
      ++Wrong;
    }
  }
  std::uint64_t Sum = fnv1a(HY, N * sizeof(float));
  for (cudaStream_t S : Streams)
    CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_CUDA(cudaFree(DX));
  CHECK_CUDA(cudaFree(DY));
  CHECK_CUDA(cudaFreeHost(HX));
  CHECK_CUDA(cudaFreeHost(HY));
  return report("stream_loop", Sum, Wrong);
}
