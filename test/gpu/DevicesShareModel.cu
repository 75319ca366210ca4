// Issue 3, point 5: the variant is chosen for the current device, and devices
// of one model share the result: with two GPUs of the same model the second
// does not tune again (scripts/gpu-check counts the tuning lines). Needs two
// GPUs; skipped otherwise.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <cstring>

void spinRun(int *Ran) {
#pragma autotune space(US = {300, 60, 150}) name("devices_share")
  spinFor<US><<<1, 32>>>(US, Ran);
}

int main() {
  int Count = deviceCount();
  if (Count < 2)
    return skip("DevicesShareModel", "needs 2 GPUs");
  cudaDeviceProp P0, P1;
  CHECK_CUDA(cudaGetDeviceProperties(&P0, 0));
  CHECK_CUDA(cudaGetDeviceProperties(&P1, 1));
  if (std::strcmp(P0.name, P1.name) != 0 ||
      P0.multiProcessorCount != P1.multiProcessorCount)
    return skip("DevicesShareModel", "GPUs 0 and 1 are different models");

  int *Ran[2];
  for (int D = 0; D < 2; ++D) {
    CHECK_CUDA(cudaSetDevice(D));
    CHECK_CUDA(cudaMalloc(&Ran[D], sizeof(int)));
    spinRun(Ran[D]); // device 0 tunes, device 1 reuses
    CHECK_CUDA(cudaDeviceSynchronize());
    CHECK_CUDA(cudaGetLastError());
    EXPECT(readInt(Ran[D]) == 60, "device %d ran US = %d, want 60", D,
           readInt(Ran[D]));
    int Current = -1;
    CHECK_CUDA(cudaGetDevice(&Current));
    EXPECT(Current == D, "the site changed the current device to %d", Current);
  }
  return finish("DevicesShareModel");
}
