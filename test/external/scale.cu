// A tuned kernel launch. Without a GPU it says so and exits 77 (skipped).
// It includes a CCCL header, which nvcc finds by itself and clang (the plugin,
// and the rewrite's preprocessor) through the include path autotune adds.
#include <autotune/autotune.h>

#include <cuda/std/cstdint>

#include <cstdio>
#include <vector>

template <int BLOCK, int ITEMS>
__global__ void scale(int n, float a, float *y) {
  cuda::std::int64_t First =
      static_cast<cuda::std::int64_t>(blockIdx.x) * BLOCK * ITEMS + threadIdx.x;
  for (int I = 0; I < ITEMS; ++I) {
    cuda::std::int64_t J = First + I * BLOCK;
    if (J < n)
      y[J] *= a;
  }
}

void scaleRun(int n, float a, float *y, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 512}, ITEMS = {1, 2, 4})             \
    where(BLOCK *ITEMS <= 1024) key(n) restore(y[n])
  scale<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, y);
}

int main() {
  int Devices = 0;
  if (cudaGetDeviceCount(&Devices) != cudaSuccess || Devices == 0) {
    std::printf("skipped: no GPU\n");
    return 77;
  }
  const int N = 1 << 20;
  std::vector<float> Host(N, 2.0f);
  float *Y = nullptr;
  cudaMalloc(&Y, N * sizeof(float));
  cudaMemcpy(Y, Host.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  scaleRun(N, 3.0f, Y, nullptr); // tunes, then runs the winner once
  scaleRun(N, 0.5f, Y, nullptr); // the winner
  cudaMemcpy(Host.data(), Y, N * sizeof(float), cudaMemcpyDeviceToHost);
  cudaFree(Y);
  if (cudaError_t E = cudaGetLastError()) {
    std::printf("scale: FAIL: %s\n", cudaGetErrorString(E));
    return 1;
  }
  for (int I = 0; I < N; ++I)
    if (Host[I] != 3.0f) {
      std::printf("scale: FAIL at %d: %g\n", I, Host[I]);
      return 1;
    }
  std::printf("scale: OK\n");
  return 0;
}
