// y = a * x + y, tuned over the block size. The kernel updates y in place, so
// the site names it in restore(...): every tuning run starts from the same y,
// and the program sees exactly one saxpy per call.
//
//   scripts/autotune-clang++ -O2 examples/saxpy.cu -o saxpy && ./saxpy
#include "cuda_check.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK>
__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

void saxpyRun(int n, float a, const float *x, float *y, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256) key(n)     \
    restore(y[n]) name("saxpy")
  saxpy<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, a, x, y);
}

int main() {
  showTuningTable();
  const int N = 1 << 24;
  const float A = 2.5f;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = static_cast<float>(I % 1000) * 0.001f;
    Y[I] = static_cast<float>(I % 77);
  }

  float *DX, *DY;
  CHECK_CUDA(cudaMalloc(&DX, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DY, N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DX, X.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(
      cudaMemcpy(DY, Y.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  // Twice: the first call tunes, the second dispatches to the winner.
  saxpyRun(N, A, DX, DY, S);
  CHECK_CUDA(cudaGetLastError());
  saxpyRun(N, A, DX, DY, S);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<float> Got(N);
  CHECK_CUDA(
      cudaMemcpy(Got.data(), DY, N * sizeof(float), cudaMemcpyDeviceToHost));
  for (int I = 0; I < N; ++I) {
    double Want = 2.0 * A * X[I] + Y[I];
    if (!nearlyEqual(Got[I], Want, 1e-5)) {
      std::printf("saxpy: FAIL at %d: got %.9g, want %.9g\n", I, Got[I], Want);
      return 1;
    }
  }
  std::printf("saxpy: OK (%d elements, 2 calls)\n", N);
  CHECK_CUDA(cudaStreamDestroy(S));
  CHECK_CUDA(cudaFree(DX));
  CHECK_CUDA(cudaFree(DY));
  return 0;
}
