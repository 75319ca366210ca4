// Everything the runtime prints: one `autotune:` line per event, to stderr
// unless a test has installed its own sink.
#ifndef AUTOTUNE_SRC_TUNINGLOG_H
#define AUTOTUNE_SRC_TUNINGLOG_H

#include "TuningRecord.h"
#include "autotune/autotune.h"

#include <functional>
#include <string>

namespace autotune {

// Writes "autotune: <Text>\n" as one write, so that lines of concurrent
// tunings never interleave; Text is printable()d (TextFormat.h), so that
// text from outside cannot break the line or reach the terminal raw.
void logLine(const std::string &Text);

// "TILE=16 UNROLL=1"
std::string formatPoint(const SiteInfo &Info, unsigned Point);

// The site's name in logs and in the cache: Info.Name, followed by the
// template arguments of the enclosing function where it is a template
// instantiation (each instantiation is a site of its own):
// "per-type[T = float]". Long argument lists are cut and end in a hash of
// the whole function, so that labels stay short and distinct.
std::string siteLabel(const SiteInfo &Info);

// Where a tuning happened, as it prefixes every line about it:
// "blur.cpp:12:blur key=(4096) device=host (AMD EPYC)".
std::string describeTuning(const SiteInfo &Info, const long long *Key,
                           unsigned KeyCount, const std::string &Model);

// Reports a finished tuning at the given AUTOTUNE_LOG level: problems that
// mean a variant is wrong (rejected by verify, fatal error, every variant
// failed) always; launch failures and the summary line from level 1; the
// table of every point at level 2.
void logTuning(const SiteInfo &Info, const std::string &Where,
               const TuningRecord &Record, int LogLevel);

namespace testing {
// Replaces stderr as the destination of log lines (without the trailing
// newline); an empty function restores stderr.
void setLogSink(std::function<void(const std::string &Line)> Sink);
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGLOG_H
