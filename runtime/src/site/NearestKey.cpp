// The nearest tuned key; see NearestKey.h.
#include "site/NearestKey.h"

#include <cmath>
#include <cstdlib>

namespace autotune {
namespace {

double logSize(long long Value, bool Unsigned) {
  // In long double: |LLONG_MIN| does not fit a long long.
  long double Size =
      Unsigned
          ? static_cast<long double>(static_cast<unsigned long long>(Value))
          : std::fabs(static_cast<long double>(Value));
  return std::log2(1.0L + Size);
}

bool isUnsigned(const bool *Unsigned, unsigned I) {
  return Unsigned && Unsigned[I];
}

} // namespace

double keyDistance(const std::vector<long long> &A, const long long *B,
                   unsigned Count, const bool *Unsigned) {
  double Distance = 0;
  for (unsigned I = 0; I < Count && I < A.size(); ++I) {
    bool U = isUnsigned(Unsigned, I);
    Distance += std::fabs(logSize(A[I], U) - logSize(B[I], U));
    if (!U && (A[I] < 0) != (B[I] < 0))
      Distance += 64;
  }
  return Distance;
}

// A < B in the order of the keys' values, unsigned ones as unsigned.
static bool keyLess(const std::vector<long long> &A,
                    const std::vector<long long> &B, const bool *Unsigned) {
  for (unsigned I = 0; I < A.size() && I < B.size(); ++I) {
    if (A[I] == B[I])
      continue;
    if (isUnsigned(Unsigned, I))
      return static_cast<unsigned long long>(A[I]) <
             static_cast<unsigned long long>(B[I]);
    return A[I] < B[I];
  }
  return A.size() < B.size();
}

const KeyedWinner *nearestKey(const std::vector<KeyedWinner> &Candidates,
                              const long long *Key, unsigned KeyCount,
                              const bool *Unsigned) {
  const KeyedWinner *Best = nullptr;
  double BestDistance = 0;
  for (const KeyedWinner &C : Candidates) {
    if (C.Key.size() != KeyCount)
      continue;
    double D = keyDistance(C.Key, Key, KeyCount, Unsigned);
    if (!Best || D < BestDistance ||
        (D == BestDistance && keyLess(C.Key, Best->Key, Unsigned))) {
      Best = &C;
      BestDistance = D;
    }
  }
  return Best;
}

} // namespace autotune
