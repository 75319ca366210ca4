// Issue 12, point 4, on a GPU: a key met for the first time inside stream
// capture cannot be tuned; the captured launch is the winner of the nearest
// tuned key of the site (BLOCK = 128, the only fast block size), not the
// default point (BLOCK = 512), and the graph replays it. gpu-check reads the
// AUTOTUNE_LOG=1 line that says so.
#include "GpuTest.h"

#include <autotune/autotune.h>

// BLOCK = 128 finishes at once; the others spin for 300 us first. Every
// variant records its block size.
template <int BLOCK> __global__ void sized(int n, int *Ran) {
  if (BLOCK != 128 && threadIdx.x == 0) {
    long long Start = clock64();
    while (clock64() - Start < 300000)
      ;
  }
  if (blockIdx.x == 0 && threadIdx.x == 0)
    *Ran = BLOCK;
}

void sizedRun(int n, int *Ran, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 512}) default(BLOCK = 512) key(n)    \
    name("capture_nearest")
  sized<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, Ran);
}

int main() {
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  sizedRun(1 << 16, Ran, S); // tuned: BLOCK = 128
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 128, "the tuned key ran BLOCK = %d, want 128",
         readInt(Ran));
  CHECK_CUDA(cudaMemset(Ran, 0, sizeof(int)));

  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  sizedRun(100000, Ran, S); // never tuned: the nearest key, 65536
  cudaGraph_t Graph;
  cudaError_t E = cudaStreamEndCapture(S, &Graph);
  EXPECT(E == cudaSuccess, "the capture was invalidated: %s",
         cudaGetErrorName(E));
  if (E != cudaSuccess)
    return finish("CaptureUsesNearestKey");
  cudaGraphExec_t Exec;
  CHECK_CUDA(cudaGraphInstantiate(&Exec, Graph, 0));
  CHECK_CUDA(cudaGraphLaunch(Exec, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 128,
         "the graph ran BLOCK = %d, want 128 (the nearest key's winner)",
         readInt(Ran));
  CHECK_CUDA(cudaGetLastError());
  return finish("CaptureUsesNearestKey");
}
