// Where the runs of a round say that they finished, so that a fault in a
// round of runs queued back to back is blamed on the run that made it.
#ifndef AUTOTUNE_SRC_CUDA_RUNMARKERS_H
#define AUTOTUNE_SRC_CUDA_RUNMARKERS_H

#include "measure/cuda/DriverEntryPoints.h"

#include <cuda_runtime_api.h>

#include <cstddef>

namespace autotune {

// Where the runs of a round say that they finished: after each run a
// 32-bit write of the round's number into that run's slot, in mapped host
// memory. A run that faults poisons the context, and from then on CUDA
// answers every question with the fault; host memory can still be read.
// The first run of a round whose slot lacks the round's number is the one
// that faulted, so runs may be queued back to back and a fault still names
// its variant.
class RunMarkers {
public:
  // Slots of one round; a longer round is not marked.
  static constexpr std::size_t Slots = 4096;

  void release();

  // Starts a round of Runs runs; false when its runs cannot be marked
  // (no driver support, no mapped memory, too many runs, an earlier write
  // refused), so that the caller runs them one at a time.
  bool startRound(std::size_t Runs);

  // Queues the mark of run K of this round on S; false when the driver
  // refuses it.
  bool mark(cudaStream_t S, std::size_t K);

  bool marked(std::size_t K) const {
    return static_cast<volatile const cuuint32_t *>(Host)[K] == Round;
  }

private:
  bool allocate();

  StreamWriteValue32 Write = nullptr;
  cuuint32_t *Host = nullptr;
  CUdeviceptr Device = 0;
  cuuint32_t Round = 0;
  bool Broken = false;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_RUNMARKERS_H
