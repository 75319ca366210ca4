// Issue 3, point 4: a site first met inside stream capture neither tunes nor
// synchronises (either would invalidate the capture); the captured default
// point replays correctly. Global capture mode: the strictest.
#include "GpuTest.h"

#include <autotune/autotune.h>

template <int BLOCK> __global__ void addOne(int n, int *x) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    x[I] += 1;
}

void addOneRun(int n, int *x, cudaStream_t s) {
#pragma autotune space(BLOCK = {64, 256, 1024}) default(BLOCK = 256) key(n)    \
    restore(x[n]) name("capture_first_met")
  addOne<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, x);
}

// A second site, met first while *another* stream of this thread captures:
// tuning on its own stream may go ahead, but must not disturb that capture.
void addOneOther(int n, int *x, cudaStream_t s) {
#pragma autotune space(BLOCK = {64, 256, 1024}) key(n) restore(x[n])           \
    name("capture_other_stream")
  addOne<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, x);
}

int main() {
  const int N = 1 << 20;
  int *X, *Y;
  CHECK_CUDA(cudaMalloc(&X, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&Y, N * sizeof(int)));
  CHECK_CUDA(cudaMemset(X, 0, N * sizeof(int)));
  CHECK_CUDA(cudaMemset(Y, 0, N * sizeof(int)));
  cudaStream_t S, Other;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_CUDA(cudaStreamCreateWithFlags(&Other, cudaStreamNonBlocking));

  CHECK_CUDA(cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal));
  addOneRun(N, X, S);
  addOneRun(N, X, S);
  EXPECT(cudaGetLastError() == cudaSuccess,
         "a site inside capture left an error");
  addOneOther(N, Y, Other);
  EXPECT(cudaGetLastError() == cudaSuccess,
         "tuning beside a capture left an error");
  cudaGraph_t Graph;
  cudaError_t E = cudaStreamEndCapture(S, &Graph);
  EXPECT(E == cudaSuccess, "the capture was invalidated: %s",
         cudaGetErrorName(E));
  if (E != cudaSuccess)
    return finish("CaptureFirstMet");

  size_t Nodes = 0;
  CHECK_CUDA(cudaGraphGetNodes(Graph, nullptr, &Nodes));
  EXPECT(Nodes == 2, "the graph holds %zu nodes, want 2 kernel launches",
         Nodes);
  cudaGraphExec_t Exec;
  CHECK_CUDA(cudaGraphInstantiate(&Exec, Graph, 0));
  for (int I = 0; I < 3; ++I)
    CHECK_CUDA(cudaGraphLaunch(Exec, S));
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaStreamSynchronize(Other));

  int Got = -1;
  CHECK_CUDA(cudaMemcpy(&Got, X + N - 1, sizeof Got, cudaMemcpyDeviceToHost));
  EXPECT(Got == 6, "three replays of two +1 launches: got %d, want 6", Got);
  CHECK_CUDA(cudaMemcpy(&Got, Y + N - 1, sizeof Got, cudaMemcpyDeviceToHost));
  EXPECT(Got == 1, "the site beside the capture ran %d times, want 1", Got);

  // After capture the first site tunes like any other.
  addOneRun(N, X, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaMemcpy(&Got, X + N - 1, sizeof Got, cudaMemcpyDeviceToHost));
  EXPECT(Got == 7, "after capture: got %d, want 7", Got);
  CHECK_CUDA(cudaGetLastError());
  return finish("CaptureFirstMet");
}
