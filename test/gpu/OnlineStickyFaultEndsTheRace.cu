// Issue 14, point 1: online, a variant that faults (illegal address) poisons
// the context while the program runs on. The program sees the error at its
// own synchronisation; its next call of the site ends the race, reports the
// fault with the variant whose run reported it, and runs the default point
// (whose launch fails like every CUDA call now). scripts/gpu-check looks for
// the report in the log.
#include "GpuTest.h"

#include <autotune/autotune.h>

void touchRun(int n, int *out) {
#pragma autotune space(BLOCK = {128, 512}) key(n) mode(online)                 \
    name("online_sticky_fault")
  touch<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, out);
}

int main() {
  int *Out;
  CHECK_CUDA(cudaMalloc(&Out, 4096 * sizeof(int)));
  touchRun(4096, Out); // BLOCK = 128, timed
  CHECK_CUDA(cudaDeviceSynchronize());
  touchRun(4096, Out); // its time collected; BLOCK = 512 runs and faults
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("after the second call: %s\n", cudaGetErrorName(E));
  EXPECT(E == cudaErrorIllegalAddress, "want cudaErrorIllegalAddress, got %s",
         cudaGetErrorName(E));
  touchRun(4096, Out); // ends the race
  E = cudaDeviceSynchronize();
  std::printf("after the third call: %s\n", cudaGetErrorName(E));
  EXPECT(E == cudaErrorIllegalAddress, "want cudaErrorIllegalAddress, got %s",
         cudaGetErrorName(E));
  return finish("OnlineStickyFaultEndsTheRace");
}
