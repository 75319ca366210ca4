// Which CUDA errors poison the context, and how the backend clears its own.
#include "measure/cuda/CudaErrors.h"

namespace autotune {

bool isSticky(cudaError_t E) {
  switch (E) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchTimeout:
  case cudaErrorContextIsDestroyed:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchFailure:
  case cudaErrorTensorMemoryLeak:
  case cudaErrorContained:
  case cudaErrorECCUncorrectable:
  case cudaErrorMpsClientTerminated:
  case cudaErrorExternalDevice:
  case cudaErrorUnknown:
    return true;
  default:
    return false;
  }
}

std::string describe(cudaError_t E) {
  return std::string(cudaGetErrorName(E)) + ": " + cudaGetErrorString(E);
}

void forgetError() { (void)cudaGetLastError(); }

RunResult failedAsItRan(cudaError_t E) {
  forgetError();
  bool Fatal = isSticky(E) || isSticky(cudaPeekAtLastError());
  forgetError();
  return {Fatal ? RunOutcome::Fatal : RunOutcome::LaunchFailed, describe(E)};
}

RunResult launchResult() {
  cudaError_t LaunchError = cudaPeekAtLastError();
  if (LaunchError == cudaSuccess)
    return {};
  forgetError();
  bool Fatal = isSticky(LaunchError) || isSticky(cudaPeekAtLastError());
  return {Fatal ? RunOutcome::Fatal : RunOutcome::LaunchFailed,
          describe(LaunchError)};
}

} // namespace autotune
