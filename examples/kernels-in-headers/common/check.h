// What both programs need around their kernels. No site here: the mirror
// copies it anyway, so that the quoted include "../common/check.h" of a
// mirrored header finds a file beside the mirror.
#ifndef KIH_COMMON_CHECK_H
#define KIH_COMMON_CHECK_H

#include <cstdio>
#include <cstdlib>
#include <vector>

#define KIH_CHECK(call)                                                        \
  do {                                                                         \
    cudaError_t CheckError = (call);                                           \
    if (CheckError != cudaSuccess) {                                           \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__,       \
                   #call, cudaGetErrorString(CheckError));                     \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// A device copy of Host; the caller frees it.
template <typename T> T *toDevice(const std::vector<T> &Host) {
  T *Device = nullptr;
  KIH_CHECK(cudaMalloc(&Device, Host.size() * sizeof(T)));
  KIH_CHECK(cudaMemcpy(Device, Host.data(), Host.size() * sizeof(T),
                       cudaMemcpyHostToDevice));
  return Device;
}

// A device counter set to 0.
inline unsigned long long *newCounter() {
  unsigned long long *Counter = nullptr;
  KIH_CHECK(cudaMalloc(&Counter, sizeof *Counter));
  KIH_CHECK(cudaMemset(Counter, 0, sizeof *Counter));
  return Counter;
}

// The counter's value; frees it.
inline unsigned long long takeCounter(unsigned long long *Counter) {
  unsigned long long Value = 0;
  KIH_CHECK(cudaMemcpy(&Value, Counter, sizeof Value, cudaMemcpyDeviceToHost));
  KIH_CHECK(cudaFree(Counter));
  return Value;
}

// Prints "NAME: result GOT" and "NAME: OK" (or the expected value); the
// program's exit status.
inline int report(const char *Name, unsigned long long Got,
                  unsigned long long Want) {
  std::printf("%s: result %llu\n", Name, Got);
  if (Got != Want) {
    std::printf("%s: FAIL, expected %llu\n", Name, Want);
    return 1;
  }
  std::printf("%s: OK\n", Name);
  return 0;
}

#endif // KIH_COMMON_CHECK_H
