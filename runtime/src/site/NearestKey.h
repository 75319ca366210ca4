// Which tuned key is nearest to a key that cannot be tuned (stream capture,
// AUTOTUNE=cached): its winner is a better guess than the default point,
// since nearby problem sizes tend to share their best configuration.
#ifndef AUTOTUNE_SRC_NEARESTKEY_H
#define AUTOTUNE_SRC_NEARESTKEY_H

#include <vector>

namespace autotune {

// A key with a known winner (a compiled point's index).
struct KeyedWinner {
  std::vector<long long> Key;
  unsigned Point = 0;
};

// The distance of two keys of the same length: the sum, over their values,
// of |log2(1 + |a|) - log2(1 + |b|)|, plus 64 where the signs differ. Sizes
// that differ by a factor are about as far apart at every scale (4096 is as
// near to 8192 as 65536 to 131072). Unsigned (SiteInfo::KeyUnsigned, may be
// null) says which values are of an unsigned type, read as unsigned.
double keyDistance(const std::vector<long long> &A, const long long *B,
                   unsigned Count, const bool *Unsigned = nullptr);

// The candidate nearest to Key among those of the same length; ties go to
// the smaller key, so that the answer does not depend on the order of
// Candidates. Null when none has Key's length.
const KeyedWinner *nearestKey(const std::vector<KeyedWinner> &Candidates,
                              const long long *Key, unsigned KeyCount,
                              const bool *Unsigned = nullptr);

} // namespace autotune

#endif // AUTOTUNE_SRC_NEARESTKEY_H
