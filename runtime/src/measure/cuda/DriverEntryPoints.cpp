// Driver functions looked up through the CUDA runtime's entry points.
#include "measure/cuda/DriverEntryPoints.h"

#include "measure/cuda/CudaErrors.h"

#include <cuda_runtime_api.h>

namespace autotune {

void *driverEntryPoint(const char *Name) {
  void *Fn = nullptr;
  cudaDriverEntryPointQueryResult Found = cudaDriverEntryPointSymbolNotFound;
#if CUDART_VERSION >= 12050
  cudaError_t E = cudaGetDriverEntryPointByVersion(Name, &Fn, 12000,
                                                   cudaEnableDefault, &Found);
#else
  cudaError_t E = cudaGetDriverEntryPoint(Name, &Fn, cudaEnableDefault, &Found);
#endif
  if (E != cudaSuccess || Found != cudaDriverEntryPointSuccess) {
    forgetError();
    return nullptr;
  }
  return Fn;
}

StreamWriteValue32 streamWriteValue32() {
  return reinterpret_cast<StreamWriteValue32>(
      driverEntryPoint("cuStreamWriteValue32"));
}

GetAddressRange addressRangeQuery() {
  static GetAddressRange Query = reinterpret_cast<GetAddressRange>(
      driverEntryPoint("cuMemGetAddressRange"));
  return Query;
}

} // namespace autotune
