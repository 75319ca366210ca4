// The marks of a round's runs in mapped host memory, and the test hook that
// has the driver refuse them (testing::refuseRunMarks).
#include "measure/cuda/RunMarkers.h"

#include "measure/cuda/CudaErrors.h"
#include "measure/cuda/RunMarkHook.h"

#include <atomic>
#include <cstdint>
#include <cstring>

namespace autotune {
namespace {

// testing::refuseRunMarks(): marks to let through first, marks still to
// refuse, and as what.
std::atomic<unsigned> MarksToAllow{0};
std::atomic<unsigned> MarksToRefuse{0};
std::atomic<int> RefusedMarkResult{CUDA_SUCCESS};

// Takes one from Count where it is not 0; whether it did.
bool takeOne(std::atomic<unsigned> &Count) {
  unsigned Left = Count.load();
  while (Left > 0 && !Count.compare_exchange_weak(Left, Left - 1)) {
  }
  return Left > 0;
}

CUresult takeRefusedMark() {
  if (takeOne(MarksToAllow) || !takeOne(MarksToRefuse))
    return CUDA_SUCCESS;
  return static_cast<CUresult>(RefusedMarkResult.load());
}

} // namespace

void RunMarkers::release() {
  if (Host)
    cudaFreeHost(Host); // waits for writes still queued
  Host = nullptr;
}

bool RunMarkers::startRound(std::size_t Runs) {
  if (Broken || Runs > Slots)
    return false;
  if (!Host && !allocate()) {
    Broken = true;
    return false;
  }
  // A mark still in flight from an earlier round holds an older number.
  ++Round;
  return true;
}

bool RunMarkers::mark(cudaStream_t S, std::size_t K) {
  RelaxedCaptureMode Relaxed;
  CUresult R = takeRefusedMark();
  if (R == CUDA_SUCCESS)
    R = Write(reinterpret_cast<CUstream>(S), Device + K * sizeof(cuuint32_t),
              Round, 0);
  // Refused for good where the driver or the memory cannot do it; any
  // other refusal costs this round only.
  if (R == CUDA_ERROR_NOT_SUPPORTED || R == CUDA_ERROR_INVALID_VALUE)
    Broken = true;
  return R == CUDA_SUCCESS;
}

bool RunMarkers::allocate() {
  Write = streamWriteValue32();
  if (!Write)
    return false;
  void *Mapped = nullptr;
  void *OnDevice = nullptr;
  if (cudaHostAlloc(&Mapped, Slots * sizeof(cuuint32_t), cudaHostAllocMapped) !=
      cudaSuccess) {
    forgetError();
    return false;
  }
  if (cudaHostGetDevicePointer(&OnDevice, Mapped, 0) != cudaSuccess) {
    forgetError();
    cudaFreeHost(Mapped);
    return false;
  }
  std::memset(Mapped, 0, Slots * sizeof(cuuint32_t));
  Host = static_cast<cuuint32_t *>(Mapped);
  Device = static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(OnDevice));
  return true;
}

namespace testing {
unsigned refuseRunMarks(unsigned Count, int DriverResult, unsigned After) {
  RefusedMarkResult = DriverResult;
  MarksToAllow = After;
  return MarksToRefuse.exchange(Count);
}
} // namespace testing

} // namespace autotune
