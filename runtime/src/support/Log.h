// Everything the runtime prints: one `autotune:` line per event, to stderr
// unless a test has installed its own sink.
#ifndef AUTOTUNE_SRC_LOG_H
#define AUTOTUNE_SRC_LOG_H

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

// From now on the process's first line to stderr is preceded by the log
// header, "autotune: autotune 0.1.0" (Version.h), when Wanted: the
// environment says so once it is read (AUTOTUNE_LOG >= 1), so that a log
// names the autotune that wrote it.
void setLogHeader(bool Wanted);

namespace testing {
// Replaces stderr as the destination of log lines (without the trailing
// newline); an empty function restores stderr.
void setLogSink(std::function<void(const std::string &Line)> Sink);
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_LOG_H
