// Copy memory given back the way it was allocated, and copies' errors.
#include "measure/cuda/CudaCopies.h"

#include "measure/cuda/CudaErrors.h"

#include <cstdlib>

namespace autotune {

CudaCopyMemory::~CudaCopyMemory() {
  RelaxedCaptureMode Relaxed;
  cudaError_t E = cudaSuccess;
  switch (Kind) {
  case CopyKind::DeviceAsync:
    E = cudaFreeAsync(data(), Stream);
    break;
  case CopyKind::Device:
    E = cudaStreamSynchronize(Stream);
    if (E == cudaSuccess)
      E = cudaFree(data());
    break;
  case CopyKind::PinnedHost:
    // Host memory may still be the source or target of a queued copy.
    E = cudaStreamSynchronize(Stream);
    if (E == cudaSuccess)
      E = cudaFreeHost(data());
    break;
  case CopyKind::PageableHost:
    E = cudaStreamSynchronize(Stream);
    std::free(data());
    break;
  }
  if (E != cudaSuccess && !isSticky(E))
    forgetError();
}

CopyResult copyResult(cudaError_t E) {
  if (E == cudaSuccess)
    return {};
  if (!isSticky(E) && !isSticky(cudaPeekAtLastError()))
    forgetError();
  return {describe(E)};
}

} // namespace autotune
