// Issue 3, point 4: a site tuned before capture launches its winner inside
// the capture, also on the legacy default stream's neighbour streams.
#include "GpuTest.h"

#include <autotune/autotune.h>

// The default is the slowest; 50 us is the clear winner.
void spinRun(int *Ran, cudaStream_t S) {
#pragma autotune space(US = {400, 50, 200}) name("capture_pretuned")
  spinFor<US><<<1, 32, 0, S>>>(US, Ran);
}

int main() {
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  spinRun(Ran, S); // tunes
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 50, "tuning chose US = %d, want 50", readInt(Ran));

  for (cudaStreamCaptureMode Mode :
       {cudaStreamCaptureModeGlobal, cudaStreamCaptureModeThreadLocal,
        cudaStreamCaptureModeRelaxed}) {
    CHECK_CUDA(cudaMemset(Ran, 0, sizeof(int)));
    CHECK_CUDA(cudaStreamBeginCapture(S, Mode));
    spinRun(Ran, S);
    cudaGraph_t Graph;
    cudaError_t E = cudaStreamEndCapture(S, &Graph);
    EXPECT(E == cudaSuccess, "mode %d: capture invalidated: %s", (int)Mode,
           cudaGetErrorName(E));
    if (E != cudaSuccess)
      continue;
    cudaGraphExec_t Exec;
    CHECK_CUDA(cudaGraphInstantiate(&Exec, Graph, 0));
    CHECK_CUDA(cudaGraphLaunch(Exec, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    EXPECT(readInt(Ran) == 50,
           "mode %d: the graph ran US = %d, want the winner 50", (int)Mode,
           readInt(Ran));
    CHECK_CUDA(cudaGraphExecDestroy(Exec));
    CHECK_CUDA(cudaGraphDestroy(Graph));
  }
  CHECK_CUDA(cudaGetLastError());
  return finish("CapturePretuned");
}
