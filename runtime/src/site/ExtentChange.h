// The extents a result was tuned on. A later call whose restore(...) or
// verify(...) counts differ from the tuned call's runs a result that was
// measured for another size; it is reported once per site.
#ifndef AUTOTUNE_SRC_EXTENTCHANGE_H
#define AUTOTUNE_SRC_EXTENTCHANGE_H

#include "measure/Backend.h"
#include "tune/TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// The clauses and counts of a call: restore(...) buffers, then verify(...).
std::vector<BufferExtent> bufferExtents(const CallArgs &Args);

// The warning for a call whose counts differ from Tuned (the counts of the
// call the result was tuned on), advising key(...). Site is the site's
// label in the log.
std::string describeExtentChange(const std::string &Site,
                                 const std::vector<long long> &Tuned,
                                 const CallArgs &Now);

} // namespace autotune

#endif // AUTOTUNE_SRC_EXTENTCHANGE_H
