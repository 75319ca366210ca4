// Issue 3, point 2: variants that cannot launch are skipped and their errors
// cleared; cudaGetLastError() after the call sees what a plain launch of the
// chosen variant gives. If every variant fails, the default point is launched
// so that the program sees the real error.
#include "GpuTest.h"

#include <autotune/autotune.h>

template <int BLOCK> __global__ void fill(int n, int *out) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    out[I] = BLOCK;
}

// BLOCK = 2048 exceeds the 1024 threads of a block; SMEM = 1 MiB of dynamic
// shared memory exceeds every GPU's limit. The default point is one of them.
void someFail(int n, int *out) {
#pragma autotune space(BLOCK = {2048, 128, 256}, SMEM = {0, 1048576}) default( \
    BLOCK = 2048, SMEM = 0) key(n) name("some_fail")
  fill<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, SMEM>>>(n, out);
}

void allFail(int n, int *out) {
#pragma autotune space(BLOCK = {2048, 4096}) default(BLOCK = 4096)             \
    name("all_fail")
  fill<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, out);
}

int main() {
  const int N = 100000;
  int *Out;
  CHECK_CUDA(cudaMalloc(&Out, N * sizeof(int)));
  CHECK_CUDA(cudaMemset(Out, 0, N * sizeof(int)));

  someFail(N, Out);
  cudaError_t E = cudaGetLastError();
  EXPECT(E == cudaSuccess, "after the tuning call: %s", cudaGetErrorName(E));
  CHECK_CUDA(cudaDeviceSynchronize());
  int Last = 0;
  CHECK_CUDA(
      cudaMemcpy(&Last, Out + N - 1, sizeof Last, cudaMemcpyDeviceToHost));
  EXPECT(Last == 128 || Last == 256, "output written by BLOCK = %d", Last);

  someFail(N, Out); // tuned
  E = cudaGetLastError();
  EXPECT(E == cudaSuccess, "after the tuned call: %s", cudaGetErrorName(E));

  // What a plain launch of the default point reports (the error code for too
  // many threads differs between CUDA versions).
  fill<4096><<<(N + 4095) / 4096, 4096>>>(N, Out);
  const cudaError_t Plain = cudaGetLastError();
  EXPECT(Plain != cudaSuccess, "a plain launch of 4096 threads succeeded");

  allFail(N, Out);
  E = cudaGetLastError();
  EXPECT(E == Plain, "every variant fails: want %s, got %s",
         cudaGetErrorName(Plain), cudaGetErrorName(E));
  E = cudaGetLastError();
  EXPECT(E == cudaSuccess, "the error is reported once, then %s",
         cudaGetErrorName(E));

  // An error the program has not collected yet stays the program's: a
  // site met now must neither swallow it nor blame a variant for it.
  fill<2048><<<1, 2048>>>(N, Out);
  someFail(N + 1, Out); // a new key: would tune
  E = cudaGetLastError();
  EXPECT(E == Plain, "a pending error must survive the site: want %s, got %s",
         cudaGetErrorName(Plain), cudaGetErrorName(E));
  CHECK_CUDA(cudaDeviceSynchronize());
  return finish("LaunchErrorsSkipped");
}
