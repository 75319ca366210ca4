// The extents a result was tuned on. A later call whose restore(...) or
// verify(...) counts differ from the tuned call's runs a result that was
// measured for another size; it is reported once per site.
#ifndef AUTOTUNE_SRC_EXTENTCHANGE_H
#define AUTOTUNE_SRC_EXTENTCHANGE_H

#include "Backend.h"
#include "TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// The clauses and counts of a call: restore(...) buffers, then verify(...).
std::vector<BufferExtent> bufferExtents(const CallArgs &Args);

// Hot path: whether the call has exactly these counts, in bufferExtents()
// order. Allocates nothing.
inline bool sameCounts(const std::vector<long long> &Counts,
                       const CallArgs &Args) {
  if (Counts.size() != std::size_t(Args.RestoreCount) + Args.VerifyCount)
    return false;
  for (unsigned I = 0; I < Args.RestoreCount; ++I)
    if (Args.Restore[I].Count != Counts[I])
      return false;
  for (unsigned I = 0; I < Args.VerifyCount; ++I)
    if (Args.Verify[I].Count != Counts[Args.RestoreCount + I])
      return false;
  return true;
}

// The warning for a call whose counts differ from Tuned (the counts of the
// call the result was tuned on), advising key(...). Site is the site's
// label in the log.
std::string describeExtentChange(const std::string &Site,
                                 const std::vector<long long> &Tuned,
                                 const CallArgs &Now);

} // namespace autotune

#endif // AUTOTUNE_SRC_EXTENTCHANGE_H
