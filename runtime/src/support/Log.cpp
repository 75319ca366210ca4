// The log's one writer: every line the runtime prints goes through
// logLines, as one write, to stderr or a test's sink.
#include "support/Log.h"

#include "support/TextFormat.h"
#include "support/Version.h"

#include <cstdio>
#include <mutex>

namespace autotune {
namespace {

std::mutex SinkMutex;
// Under SinkMutex: whether the header is wanted, and whether it was written.
bool HeaderWanted = false;
bool HeaderWritten = false;
std::function<void(const std::string &)> &sink() {
  static std::function<void(const std::string &)> Sink;
  return Sink;
}

} // namespace

void setLogHeader(bool Wanted) {
  std::lock_guard<std::mutex> Lock(SinkMutex);
  HeaderWanted = Wanted;
}

void logLine(const std::string &Text) { logLines({Text}); }

void logLines(const std::vector<std::string> &Texts) {
  // Site names, cache-file fields and environment values reach every kind
  // of line: escaped here once, none can end the line or drive the terminal.
  std::lock_guard<std::mutex> Lock(SinkMutex);
  if (sink()) {
    for (const std::string &Text : Texts)
      sink()("autotune: " + printable(Text));
    return;
  }
  std::string Out;
  if (HeaderWanted && !HeaderWritten && !Texts.empty()) {
    HeaderWritten = true;
    Out = std::string("autotune: ") + versionText() + "\n";
  }
  for (const std::string &Text : Texts)
    Out += "autotune: " + printable(Text) + "\n";
  if (Out.empty())
    return;
  std::fwrite(Out.data(), 1, Out.size(), stderr);
  std::fflush(stderr);
}

namespace testing {
void setLogSink(std::function<void(const std::string &Line)> Sink) {
  std::lock_guard<std::mutex> Lock(SinkMutex);
  sink() = std::move(Sink);
}
} // namespace testing

} // namespace autotune
