// What every CUDA example needs besides its kernel: stop on a CUDA error,
// compare floating-point results with a CPU reference, and ask the runtime for
// the full tuning table (AUTOTUNE_LOG=2, unless the user set it).
#ifndef AUTOTUNE_EXAMPLES_CUDA_CHECK_H
#define AUTOTUNE_EXAMPLES_CUDA_CHECK_H

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t CheckError = (call);                                           \
    if (CheckError != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(CheckError));                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

inline bool nearlyEqual(double Got, double Want, double Tolerance) {
  return std::fabs(Got - Want) <= Tolerance * std::fmax(1.0, std::fabs(Want));
}

// AUTOTUNE_LOG=2 prints every measured variant; the user's own setting wins.
inline void showTuningTable() { setenv("AUTOTUNE_LOG", "2", /*overwrite=*/0); }

#endif // AUTOTUNE_EXAMPLES_CUDA_CHECK_H
