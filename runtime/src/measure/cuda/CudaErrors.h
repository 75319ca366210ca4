// How the backend's own CUDA calls stay out of the program's way: which
// errors poison the context, clearing the errors that are ours, a run's
// result from the error it met, and relaxed capture mode for our calls.
#ifndef AUTOTUNE_SRC_CUDA_CUDAERRORS_H
#define AUTOTUNE_SRC_CUDA_CUDAERRORS_H

#include "measure/Backend.h"

#include <cuda_runtime_api.h>

#include <string>

namespace autotune {

// Errors after which the context is unusable: CUDA documents each of these as
// leaving "the process in an inconsistent state".
bool isSticky(cudaError_t E);

std::string describe(cudaError_t E);

// Tuning calls cudaMalloc, cudaEventSynchronize and friends. While another
// thread captures a stream in cudaStreamCaptureModeGlobal (or this thread
// captures a different stream), such calls are refused and invalidate that
// capture. Our calls never touch the capturing stream, so for their duration
// this thread opts into relaxed mode, then puts the user's mode back.
class RelaxedCaptureMode {
public:
  RelaxedCaptureMode() {
    Saved = cudaStreamCaptureModeRelaxed;
    Changed = cudaThreadExchangeStreamCaptureMode(&Saved) == cudaSuccess;
  }
  ~RelaxedCaptureMode() {
    if (Changed)
      cudaThreadExchangeStreamCaptureMode(&Saved);
  }
  RelaxedCaptureMode(const RelaxedCaptureMode &) = delete;
  RelaxedCaptureMode &operator=(const RelaxedCaptureMode &) = delete;

private:
  cudaStreamCaptureMode Saved;
  bool Changed;
};

// Clears the error a call of ours just left in the thread's last-error slot.
// Tuning only starts when no error is pending (mustNotTune), so whatever is
// there now is ours, never the program's.
void forgetError();

// A run that failed as it ran, with E (an illegal address, ...): the errors
// it left are cleared (the device says a fault again to whatever asks
// next), and it is Fatal when the context is gone.
RunResult failedAsItRan(cudaError_t E);

// After a variant's launch: the launch's own error (launch-configuration
// errors are reported by the launch itself), cleared, and Fatal when it
// is sticky.
RunResult launchResult();

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_CUDAERRORS_H
