// budget(n): which points to measure when the space is larger than the
// budget. Coordinate descent from the default point, then deterministic
// pseudo-random points, descending again from any that beats the best.
#ifndef AUTOTUNE_SRC_SPACESEARCH_H
#define AUTOTUNE_SRC_SPACESEARCH_H

#include "autotune/autotune.h"

#include <cstdint>
#include <functional>

namespace autotune {

// The result of measuring one point, as the search sees it.
struct Probe {
  bool Ok = false;    // false: failed or rejected, treated as infinitely slow
  double Seconds = 0; // comparable estimate (a median) when Ok
  bool Stop = false;  // tuning must stop now (a fatal error, a failed restore)
};

// Whether the site's budget(n) makes the tuning a search: a budget smaller
// than the space.
inline bool searchesWithBudget(const SiteInfo &Info) {
  return Info.Budget > 0 && Info.Budget < Info.NumPoints;
}

// Calls Measure on at most Budget distinct points, the default point first.
// Measure is never called twice for the same point. Seed makes the random
// part reproducible (the site fingerprint).
void searchSpace(const SiteInfo &Info, unsigned Budget, std::uint64_t Seed,
                 const std::function<Probe(unsigned Point)> &Measure);

} // namespace autotune

#endif // AUTOTUNE_SRC_SPACESEARCH_H
