// Issue 30, point 3: a tuning shows in a profiler as an NVTX range named by
// site and key, with a range per run inside it named by the run's point;
// decided calls open none, and AUTOTUNE_NVTX=0 turns them off. scripts/
// gpu-check runs this under test/gpu/nvtx/NvtxRecorder.cpp (an NVTX tool
// that prints each push and pop) and counts the ranges.
#include "GpuTest.h"

#include <autotune/autotune.h>

void spinRun(int *Ran, int Key, cudaStream_t S) {
#pragma autotune space(US = {40, 10, 20}) key(Key) name("ranges")
  spinFor<US><<<1, 32, 0, S>>>(US, Ran);
}

int main() {
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  // Two tunings, then decided calls, which must open no range.
  spinRun(Ran, 1, S);
  spinRun(Ran, 2, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::fprintf(stderr, "decided calls start\n");
  for (int I = 0; I < 10; ++I)
    spinRun(Ran, 1 + I % 2, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 10, "ran US = %d, want 10", readInt(Ran));
  return finish("ProfilerRangesNameTunings");
}
