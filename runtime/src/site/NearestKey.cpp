// The nearest tuned key; see NearestKey.h.
#include "site/NearestKey.h"

#include <cmath>
#include <cstdlib>

namespace autotune {
namespace {

double logSize(long long Value) {
  // In long double: |LLONG_MIN| does not fit a long long.
  return std::log2(1.0L + std::fabs(static_cast<long double>(Value)));
}

} // namespace

double keyDistance(const std::vector<long long> &A, const long long *B,
                   unsigned Count) {
  double Distance = 0;
  for (unsigned I = 0; I < Count && I < A.size(); ++I) {
    Distance += std::fabs(logSize(A[I]) - logSize(B[I]));
    if ((A[I] < 0) != (B[I] < 0))
      Distance += 64;
  }
  return Distance;
}

const KeyedWinner *nearestKey(const std::vector<KeyedWinner> &Candidates,
                              const long long *Key, unsigned KeyCount) {
  const KeyedWinner *Best = nullptr;
  double BestDistance = 0;
  for (const KeyedWinner &C : Candidates) {
    if (C.Key.size() != KeyCount)
      continue;
    double D = keyDistance(C.Key, Key, KeyCount);
    if (!Best || D < BestDistance || (D == BestDistance && C.Key < Best->Key)) {
      Best = &C;
      BestDistance = D;
    }
  }
  return Best;
}

} // namespace autotune
