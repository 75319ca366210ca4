// Issue 3, point 1: variants are timed with events on the launch's stream and
// the fastest wins; after tuning a call adds no synchronisation.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <chrono>

// Variant US runs for about US microseconds; 100 is the fastest.
void spinRun(int *Ran, cudaStream_t S) {
#pragma autotune space(US = {400, 100, 200, 800}) name("timing_fastest")
  spinFor<US><<<1, 32, 0, S>>>(US, Ran);
}

// The default stream (no fourth launch argument) is timed too.
void spinRunDefaultStream(int *Ran) {
#pragma autotune space(US = {300, 600, 150}) name("timing_default_stream")
  spinFor<US><<<1, 32>>>(US, Ran);
}

int main() {
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  spinRun(Ran, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 100, "the call ran variant US = %d, want 100",
         readInt(Ran));

  spinRunDefaultStream(Ran);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(readInt(Ran) == 150, "default stream: ran US = %d, want 150",
         readInt(Ran));

  // Tuned: a call behind 200 ms of queued work returns at once, so it
  // neither synchronises nor waits on an event.
  spinFor<200000><<<1, 1, 0, S>>>(-1, Ran);
  auto T0 = std::chrono::steady_clock::now();
  for (int I = 0; I < 100; ++I)
    spinRun(Ran, S);
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - T0)
                  .count();
  EXPECT(Ms < 50, "100 tuned calls behind a 200 ms kernel took %.1f ms", Ms);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Ran) == 100, "tuned calls ran US = %d, want 100",
         readInt(Ran));
  CHECK_CUDA(cudaGetLastError());
  return finish("TimingPicksFastest");
}
