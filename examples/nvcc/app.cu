// The nvcc walkthrough of docs/cuda.md: a launch annotated for autotune,
// rewritten by autotune-rewrite and compiled by nvcc (see Makefile).
//
//   make -C examples/nvcc AUTOTUNE=$PWD && AUTOTUNE_LOG=1 examples/nvcc/app
#include <autotune/autotune.h>
#include <scale.h>

#include <cstdio>
#include <vector>

template <int BLOCK, int ITEMS> __global__ void scale(int n, float *x) {
  int First = (blockIdx.x * BLOCK * ITEMS) + threadIdx.x;
  for (int K = 0; K < ITEMS; ++K) {
    int I = First + K * BLOCK;
    if (I < n)
      x[I] *= SCALE_FACTOR;
  }
}

void scaleRun(int n, float *x, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 1024), ITEMS = {1, 2, 4})              \
    where(BLOCK *ITEMS <= 2048) default(BLOCK = 256, ITEMS = 1) key(n)         \
        restore(x[n]) name("nvcc-scale")
  scale<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, x);
}

int main() {
  const int N = 1 << 22;
  std::vector<float> X(N, 1.0f);
  float *DX = nullptr;
  if (cudaMalloc(&DX, N * sizeof(float)) != cudaSuccess) {
    std::printf("app: no CUDA device\n");
    return 1;
  }
  cudaMemcpy(DX, X.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  scaleRun(N, DX, 0); // tunes (restore(x[n]): one scaling counts)
  scaleRun(N, DX, 0); // the winner
  cudaMemcpy(X.data(), DX, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(DX);
  const float Want = SCALE_FACTOR * SCALE_FACTOR;
  for (int I = 0; I < N; ++I)
    if (X[I] != Want) {
      std::printf("app: x[%d] = %g, expected %g\n", I, X[I], Want);
      return 1;
    }
  std::printf("app: OK\n");
  return 0;
}
