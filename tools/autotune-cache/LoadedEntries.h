// The entries of a cache directory as autotune-cache's commands read them:
// every file classified with the runtime's own code, the valid entries
// sorted, the other files reported or collected.
#ifndef AUTOTUNE_TOOLS_LOADEDENTRIES_H
#define AUTOTUNE_TOOLS_LOADEDENTRIES_H

#include "cache/CacheFile.h"

#include <string>
#include <vector>

namespace autotune {

struct LoadedEntry {
  std::string File; // name inside the directory
  CacheEntry Entry;
};

// The files of Dir that are not valid entries, by whose they are.
struct OtherFiles {
  std::vector<std::string> Damaged; // the cache's: removed by a full clear
  std::vector<std::string> Foreign; // someone else's: never removed
};

// The valid entries of Dir, sorted by site, device and key; every other
// file is collected in Others when given, else reported on stderr. False when
// Dir does not exist or cannot be listed.
bool loadEntries(const std::string &Dir, std::vector<LoadedEntry> &Entries,
                 OtherFiles *Others = nullptr);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_LOADEDENTRIES_H
