// The CUDA driver functions the backend calls, found through the runtime so
// that programs need not link libcuda.
#ifndef AUTOTUNE_SRC_CUDA_DRIVERENTRYPOINTS_H
#define AUTOTUNE_SRC_CUDA_DRIVERENTRYPOINTS_H

#include <cuda.h> // types only: driver calls go through the runtime's entry points

#include <cstddef>

namespace autotune {

// A driver function, found through the runtime so that programs need not
// link libcuda; null where the driver lacks it.
void *driverEntryPoint(const char *Name);

// cuStreamWriteValue32: a 32-bit write queued on a stream, done once the
// work before it on that stream is.
using StreamWriteValue32 = CUresult (*)(CUstream Stream, CUdeviceptr Address,
                                        cuuint32_t Value, unsigned Flags);

// Looked up on each call; null where the driver lacks it.
StreamWriteValue32 streamWriteValue32();

// cuMemGetAddressRange: the base and size of the allocation that holds an
// address.
using GetAddressRange = CUresult (*)(CUdeviceptr *Base, std::size_t *Size,
                                     CUdeviceptr Address);

// Looked up once for the process; null where the driver lacks it.
GetAddressRange addressRangeQuery();

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_DRIVERENTRYPOINTS_H
