// The run marks that let a round of runs be queued back to back
// (cuStreamWriteValue32, docs/runtime.md "Measurement") may be refused by
// the driver at their first use. Refused as not supported, the round ends
// after its run and every later round runs one run at a time; refused
// otherwise, only that round ends early, also where the refusal comes after
// the warm-ups' round was paced by the default point's time (the warm-up it
// did not run is offered again). Either way the fastest variant
// wins, no run is blamed for a fault that did not happen, every kernel run
// is one the runtime counts (a run that ran and was timed is not dropped
// and run again), and the program's error state stays clean. The program
// prints each site's kernel runs; scripts/gpu-check compares them with the
// runtime's "runs:" lines.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <cstdio>

namespace autotune {
namespace testing {
// runtime/src/site/TestHooks.h; defined in the CUDA backend.
unsigned refuseRunMarks(unsigned Count, int DriverResult, unsigned After);
} // namespace testing
} // namespace autotune

// Runs for about US microseconds, then counts itself in Runs[0] and writes
// US to Runs[1].
template <int US> __global__ void spinCounted(int *Runs) {
  spinNanoseconds(US * 1000ull);
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    atomicAdd(Runs, 1);
    Runs[1] = US;
  }
}

// 100 is the fastest.
void notSupportedRun(int *Runs, cudaStream_t S) {
#pragma autotune space(US = {400, 100, 200, 800}) name("marks_not_supported")
  spinCounted<US><<<1, 32, 0, S>>>(Runs);
}

// 150 is the fastest.
void refusedOnceRun(int *Runs, cudaStream_t S) {
#pragma autotune space(US = {300, 600, 150}) name("marks_refused_once")
  spinCounted<US><<<1, 32, 0, S>>>(Runs);
}

// 150 is the fastest.
void refusedAfterPaceRun(int *Runs, cudaStream_t S) {
#pragma autotune space(US = {300, 600, 150, 450})                              \
    name("marks_refused_after_pace")
  spinCounted<US><<<1, 32, 0, S>>>(Runs);
}

// Calls Run once with one of its marks refused as Result, the first unless
// After says how many go through before it, and prints the kernel runs;
// returns the variant the call ran.
template <class F>
int callWithMarksRefused(const char *Site, int Result, int *Runs,
                         cudaStream_t S, F Run, unsigned After = 0) {
  CHECK_CUDA(cudaMemset(Runs, 0, 2 * sizeof(int)));
  // The first mark is that of the default point's warm-up, the first run
  // of the round that queues the other warm-ups behind it; the third is
  // that of the first run the round queues once the default point's time
  // has paced it (Backend::RoundLength).
  autotune::testing::refuseRunMarks(1, Result, After);
  Run(Runs, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  unsigned Unused = autotune::testing::refuseRunMarks(0, 0, 0);
  EXPECT(Unused == 0, "%s: the refusal was not used (no marked round)", Site);
  int Host[2];
  CHECK_CUDA(cudaMemcpy(Host, Runs, sizeof Host, cudaMemcpyDeviceToHost));
  std::printf("%s kernel runs: %d\n", Site, Host[0]);
  CHECK_CUDA(cudaGetLastError());
  return Host[1];
}

int main() {
  int *Runs;
  CHECK_CUDA(cudaMalloc(&Runs, 2 * sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  // Refused once first: refused as not supported, the marks stay off for
  // this thread's rounds on this device.
  int Ran = callWithMarksRefused("marks_refused_once",
                                 2 /* CUDA_ERROR_OUT_OF_MEMORY */, Runs, S,
                                 refusedOnceRun);
  EXPECT(Ran == 150, "refused once: the call ran US = %d, want 150", Ran);
  // Refused once, after the warm-ups' round was paced: the round ends after
  // that run, and the warm-up it did not run is offered again.
  Ran = callWithMarksRefused("marks_refused_after_pace",
                             2 /* CUDA_ERROR_OUT_OF_MEMORY */, Runs, S,
                             refusedAfterPaceRun, 2);
  EXPECT(Ran == 150, "refused after the pace: the call ran US = %d, want 150",
         Ran);
  Ran = callWithMarksRefused("marks_not_supported",
                             801 /* CUDA_ERROR_NOT_SUPPORTED */, Runs, S,
                             notSupportedRun);
  EXPECT(Ran == 100, "not supported: the call ran US = %d, want 100", Ran);
  return finish("MarksRefusedMidRound");
}
