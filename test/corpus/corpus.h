// What every corpus program shares: stop at a CUDA error, compare with a CPU
// reference, and print the two lines build/corpus/run-corpus reads:
//
//   NAME: result <checksum>   the same for the clang and the nvcc build
//   NAME: OK                  the result matched the CPU reference
//
// The checksum is FNV-1a over the output's bytes, so the two builds must agree
// bit for bit. Each program computes every output element in an order that
// does not depend on the tuned parameters, so the winner (which may differ
// between builds and runs) cannot change the result.
#ifndef AUTOTUNE_TEST_CORPUS_CORPUS_H
#define AUTOTUNE_TEST_CORPUS_CORPUS_H

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t CheckError = (call);                                           \
    if (CheckError != cudaSuccess) {                                           \
      std::printf("%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,         \
                  cudaGetErrorString(CheckError));                             \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

inline bool nearlyEqual(double Got, double Want, double Tolerance) {
  return std::fabs(Got - Want) <= Tolerance * std::fmax(1.0, std::fabs(Want));
}

// FNV-1a, 64 bits, over Bytes bytes; chain calls through Hash.
inline std::uint64_t fnv1a(const void *Data, std::size_t Bytes,
                           std::uint64_t Hash = 0xcbf29ce484222325ull) {
  const unsigned char *P = static_cast<const unsigned char *>(Data);
  for (std::size_t I = 0; I < Bytes; ++I) {
    Hash ^= P[I];
    Hash *= 0x100000001b3ull;
  }
  return Hash;
}

// Prints the result line, then OK or FAIL; the exit status of main.
inline int report(const char *Name, std::uint64_t Checksum, long Mismatches) {
  std::printf("%s: result %016llx\n", Name,
              static_cast<unsigned long long>(Checksum));
  if (Mismatches) {
    std::printf("%s: FAIL (%ld elements differ from the CPU reference)\n", Name,
                Mismatches);
    return 1;
  }
  std::printf("%s: OK\n", Name);
  return 0;
}

#endif // AUTOTUNE_TEST_CORPUS_CORPUS_H
