// The tuning reports the log prints: a tuning's summary line, its table,
// and the names of points and tunings they use (written by Log.h's
// logLines).
#ifndef AUTOTUNE_SRC_TUNINGLOG_H
#define AUTOTUNE_SRC_TUNINGLOG_H

#include "autotune/autotune.h"
#include "support/Log.h"
#include "tune/TuningRecord.h"

#include <string>

namespace autotune {

// "TILE=16 UNROLL=1"
std::string formatPoint(const SiteInfo &Info, unsigned Point);

// Where a tuning happened, as it prefixes every line about it: the site's
// label (siteLabel()), its key and the device model:
// "blur.cpp:12:blur key=(4096) device=host (AMD EPYC)".
std::string describeTuning(const SiteInfo &Info, const long long *Key,
                           unsigned KeyCount, const std::string &Model);

// Reports a finished tuning at the given AUTOTUNE_LOG level. Always: why
// the site could not be tuned, variants rejected by verify, a fatal error,
// every variant failing, and the record's note. From level 1 also launch
// failures, cut variants, the summary line (ending with the default(...)
// clause that fixes the winner in the source) and what the time limit cut
// short; at level 2 the table of every point.
void logTuning(const SiteInfo &Info, const std::string &Where,
               const TuningRecord &Record, int LogLevel);

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGLOG_H
