// The extents of restore(...) and verify(...) buffers. Before a tuning copies
// them, each range is checked against the memory it lies in, so that a count
// that cannot be right (bytes for elements, negative, zero) is reported
// instead of faulting or corrupting; after it, a later call whose counts
// differ from the tuned call's is reported once, since it runs a result that
// was measured for another size.
#ifndef AUTOTUNE_SRC_BUFFEREXTENTS_H
#define AUTOTUNE_SRC_BUFFEREXTENTS_H

#include "Backend.h"
#include "TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// "restore(x[n])": the clause as written, with this one buffer.
std::string bufferClause(const Buffer &B, bool IsRestore);

// Why the ranges of this call must not be copied, for the first that is
// wrong; empty when each lies in its memory as far as B can tell.
std::string checkBufferExtents(Backend &B, const CallArgs &Args);

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

#endif // AUTOTUNE_SRC_BUFFEREXTENTS_H
