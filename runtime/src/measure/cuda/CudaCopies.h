// The memory of restore(...)/verify(...) copies, given back as it was
// allocated, and a copy's result from its CUDA error.
#ifndef AUTOTUNE_SRC_CUDA_CUDACOPIES_H
#define AUTOTUNE_SRC_CUDA_CUDACOPIES_H

#include "measure/Backend.h"

#include <cuda_runtime_api.h>

namespace autotune {

// A copy's memory, given back as it was allocated; Stream orders the release
// after the copies queued on it.
enum class CopyKind { DeviceAsync, Device, PinnedHost, PageableHost };

class CudaCopyMemory final : public CopyMemory {
public:
  CudaCopyMemory(void *Data, CopyKind Kind, cudaStream_t Stream)
      : CopyMemory(Data), Kind(Kind), Stream(Stream) {}

  ~CudaCopyMemory() override;

private:
  const CopyKind Kind;
  const cudaStream_t Stream;
};

// A sticky error stays pending for the program's own launch to report; any
// other error of ours is cleared, and said in the result.
CopyResult copyResult(cudaError_t E);

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_CUDACOPIES_H
