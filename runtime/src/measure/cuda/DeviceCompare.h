// verify(...) on the device: one kernel compares a variant's output with the
// default point's reference where both lie, and only the verdict (the first
// element that differs) comes back. Compiled by nvcc (DeviceCompare.cu) where
// CMake finds a CUDA compiler; CudaBackend::compareOnDevice calls it.
#ifndef AUTOTUNE_SRC_CUDA_DEVICECOMPARE_H
#define AUTOTUNE_SRC_CUDA_DEVICECOMPARE_H

#include "measure/ElementComparison.h"

#include <cuda_runtime_api.h>

#include <cstddef>

namespace autotune {

// Bytes of Got and Want, both device memory, in elements of Kind and
// ElementSize: floating-point elements compared by closeEnough within Tol,
// the others exactly.
struct DeviceOutputs {
  const void *Got = nullptr;
  const void *Want = nullptr;
  std::size_t Bytes = 0;
  std::size_t ElementSize = 1;
  ElementKind Kind = ElementKind::Bytes;
  Tolerance Tol;
};

// The value *FirstDifference keeps where no element differs (the caller sets
// it before the comparison).
constexpr unsigned long long NoDifference = ~0ull;

// Whether Outputs can be compared on the device: floating-point elements
// must be aligned to their size (a typed load of them would fault).
bool comparableOnDevice(const DeviceOutputs &Outputs);

// Queues on Stream the kernel that lowers *FirstDifference (device memory)
// to the byte offset of the first element of Outputs that differs; the
// launch's error, if any (also left in the thread's last error, as any
// runtime call leaves it). Outputs must be comparableOnDevice().
cudaError_t queueComparison(const DeviceOutputs &Outputs,
                            unsigned long long *FirstDifference,
                            cudaStream_t Stream);

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_DEVICECOMPARE_H
