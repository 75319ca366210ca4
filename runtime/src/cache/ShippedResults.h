// Results shipped with a program or to a fleet (AUTOTUNE_RESULTS): export
// files (`autotune-cache export --json`), cache entry files, or directories
// of either, read once per process and never written. The result store
// consults them after the user's own cache (docs/cache.md, "Shipped
// results").
#ifndef AUTOTUNE_SRC_SHIPPEDRESULTS_H
#define AUTOTUNE_SRC_SHIPPEDRESULTS_H

#include "cache/CacheFile.h"

#include <map>
#include <string>
#include <vector>

namespace autotune {

struct ShippedEntry {
  CacheEntry Entry;
  std::string From;          // the file it was read from
  std::size_t PathIndex = 0; // of the AUTOTUNE_RESULTS path it came with
};

class ShippedResults {
public:
  // Reads every path in order; what cannot be read is warned about (once,
  // since this runs once per process) and skipped.
  explicit ShippedResults(const std::vector<std::string> &Paths);

  // The entry stored under Name (cacheFileName() of its identity), or null:
  // from the first path that has one; within a path, the latest tuned.
  const ShippedEntry *find(const std::string &Name) const;
  const std::vector<ShippedEntry> &all() const { return Entries; }

private:
  void readPath(const std::string &Path, std::size_t PathIndex);
  void readFile(const std::string &Path, std::size_t PathIndex);

  std::vector<ShippedEntry> Entries;
  std::map<std::string, std::size_t> ByName; // into Entries
};

// The process's shipped results, read from environment().ResultPaths on
// first use.
const ShippedResults &shippedResults();

namespace testing {
// Reads AUTOTUNE_RESULTS again on the next shippedResults().
void forgetShippedResults();
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_SHIPPEDRESULTS_H
