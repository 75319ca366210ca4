// A project whose kernels and launchers live in headers, the usual layout of
// CUDA code bases: two programs (train.cu, evaluate.cu) share ops/*.cuh, and
// train.cu has a site of its own. docs/cuda.md ("A project: kernels in
// headers") builds it with nvcc through autotune-rewrite's mirror tree, and
// with clang 19 and the plugin; both print the same result line.
#include "ops/reduce.cuh"
#include "ops/scale.cuh"
#include <kit/activations.cuh>

#include <cstdio>
#include <vector>

template <int BLOCK> __global__ void toTwice(int n, const float *y, int *out) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    out[I] = static_cast<int>(2.0f * y[I]);
}

void toTwiceRun(int n, const float *y, int *out, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256}) key(n)
  toTwice<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, y, out);
}

int main() {
  const int N = (1 << 20) + 3;
  std::vector<float> X(N), Y(N);
  for (int I = 0; I < N; ++I) {
    X[I] = static_cast<float>(I % 17 - 8);
    Y[I] = static_cast<float>(I % 5);
  }
  float *DX = toDevice(X), *DY = toDevice(Y);
  int *DTwice;
  KIH_CHECK(cudaMalloc(&DTwice, N * sizeof(int)));
  unsigned long long *DTotal = newCounter();

  scaleAddRun(N, 0.5f, DX, DY, 0); // y = x / 2 + y
  clampBelowRun(N, DY, 0);         // y = max(y, -2)
  toTwiceRun(N, DY, DTwice, 0);    // 2y, an integer
  sumRun(N, DTwice, DTotal, 0);
  unsigned long long Total = takeCounter(DTotal);
  KIH_CHECK(cudaFree(DX));
  KIH_CHECK(cudaFree(DY));
  KIH_CHECK(cudaFree(DTwice));

  unsigned long long Want = 0;
  for (int I = 0; I < N; ++I) {
    float V = 0.5f * X[I] + Y[I];
    Want += static_cast<unsigned long long>(
        static_cast<int>(2.0f * (V < -2.0f ? -2.0f : V)));
  }
  return report("train", Total, Want);
}
