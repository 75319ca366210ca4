// Everything the runtime prints: one `autotune:` line per event, to stderr
// unless a test has installed its own sink.
#ifndef AUTOTUNE_SRC_TUNINGLOG_H
#define AUTOTUNE_SRC_TUNINGLOG_H

#include "autotune/autotune.h"
#include "tune/TuningRecord.h"

#include <functional>
#include <string>
#include <vector>

namespace autotune {

// Writes "autotune: <Text>\n" as one write, so that lines of concurrent
// tunings never interleave; Text is printable()d (TextFormat.h), so that
// text from outside cannot break the line or reach the terminal raw.
void logLine(const std::string &Text);
// The same for several lines at once, in one write: a tuning's report stays
// together, and costs the program one write, not one per line.
void logLines(const std::vector<std::string> &Texts);

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

namespace testing {
// Replaces stderr as the destination of log lines (without the trailing
// newline); an empty function restores stderr.
void setLogSink(std::function<void(const std::string &Line)> Sink);
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGLOG_H
