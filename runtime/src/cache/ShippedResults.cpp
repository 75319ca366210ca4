// Reading AUTOTUNE_RESULTS; see ShippedResults.h.
#include "cache/ShippedResults.h"

#include "cache/CacheDirectory.h"
#include "cache/CacheIdentity.h"
#include "cache/ExportFile.h"
#include "support/Environment.h"
#include "support/Log.h"
#include "support/TextFormat.h"

#include <memory>
#include <mutex>

#include <sys/stat.h>

namespace autotune {
namespace {

void warnShipped(const std::string &Path, const std::string &Problem) {
  logLine("warning: AUTOTUNE_RESULTS: " + Path + ": " + Problem);
}

} // namespace

ShippedResults::ShippedResults(const std::vector<std::string> &Paths) {
  for (std::size_t I = 0; I < Paths.size(); ++I)
    readPath(Paths[I], I);
}

void ShippedResults::readPath(const std::string &Path, std::size_t PathIndex) {
  struct stat Status;
  if (::stat(Path.c_str(), &Status) != 0) {
    warnShipped(Path, "does not exist or cannot be read; not used");
    return;
  }
  if (!S_ISDIR(Status.st_mode)) {
    readFile(Path, PathIndex);
    return;
  }
  // A directory: its entry and export files, in name order, as a cache
  // directory lists them.
  std::vector<std::string> Names;
  std::string Problem;
  if (!listCacheFiles(Path, Names, Problem)) {
    warnShipped(Path, Problem + "; not used");
    return;
  }
  for (const std::string &Name : Names)
    readFile(joinPath(Path, Name), PathIndex);
}

void ShippedResults::readFile(const std::string &Path, std::size_t PathIndex) {
  std::string Text, Problem;
  // Links followed: a package may link its results to a versioned file,
  // and the user named the path.
  if (readTextFile(Path, MaxExportBytes, true, Text, Problem) !=
      ReadStatus::Ok) {
    warnShipped(Path,
                (Problem.empty() ? "cannot be read" : Problem) + "; not used");
    return;
  }
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  if (!parseExportText(Text, Read, Problems) && !Problems.empty())
    warnShipped(
        Path, Problems.front() +
                  (Problems.size() > 1
                       ? " (and " +
                             plural(static_cast<long long>(Problems.size() - 1),
                                    "other problem", "other problems") +
                             ")"
                       : std::string()) +
                  "; the valid entries are used");
  for (CacheEntry &E : Read) {
    std::string Name = cacheFileName(E);
    auto Earlier = ByName.find(Name);
    if (Earlier == ByName.end()) {
      ByName[Name] = Entries.size();
      Entries.push_back({std::move(E), Path, PathIndex});
      continue;
    }
    // An earlier path wins; within one path, the latest tuning.
    ShippedEntry &Old = Entries[Earlier->second];
    if (Old.PathIndex == PathIndex && E.TunedAt > Old.Entry.TunedAt)
      Old = {std::move(E), Path, PathIndex};
  }
}

const ShippedEntry *ShippedResults::find(const std::string &Name) const {
  auto It = ByName.find(Name);
  return It == ByName.end() ? nullptr : &Entries[It->second];
}

namespace {
std::mutex Mutex;
std::unique_ptr<ShippedResults> Current;
// Old ones stay alive: a caller may hold an entry (tests only reload).
std::vector<std::unique_ptr<ShippedResults>> Retired;
} // namespace

const ShippedResults &shippedResults() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Current)
    Current = std::make_unique<ShippedResults>(environment().ResultPaths);
  return *Current;
}

namespace testing {
void forgetShippedResults() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Current)
    Retired.push_back(std::move(Current));
}
} // namespace testing

} // namespace autotune
