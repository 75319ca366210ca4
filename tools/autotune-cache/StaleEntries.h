// Which cache entries no current program can use any more (docs/cache.md,
// "Stale entries"). An entry applies only to the build of its site whose
// fingerprint it holds; once the code or the compile options change, the old
// entry is never read again. Given the programs that use the cache, an entry
// whose fingerprint none of them contains is stale; without them, an entry
// is superseded when a newer entry of the same site, device, key, driver and
// runtime exists with another fingerprint.
#ifndef AUTOTUNE_TOOLS_STALEENTRIES_H
#define AUTOTUNE_TOOLS_STALEENTRIES_H

#include "cache/CacheFile.h"

#include <string>
#include <vector>

namespace autotune {

enum class EntryState {
  Current,    // a given program contains its fingerprint
  Stale,      // programs were given, and none contains its fingerprint
  Latest,     // no program given; no newer entry replaces it
  Superseded, // no program given; a newer entry of the same site replaces it
};

// "current", "stale", "latest", "superseded".
const char *entryStateName(EntryState State);

// True for the states 'prune' removes.
bool isStale(EntryState State);

// The state of each of Entries. Binaries holds the bytes of each program
// given; a site's fingerprint is stored there as 8 little-endian bytes.
std::vector<EntryState>
entryStates(const std::vector<const CacheEntry *> &Entries,
            const std::vector<std::string> &Binaries);

// Reads the program at Path whole. False with Problem set when it cannot.
bool readBinary(const std::string &Path, std::string &Data,
                std::string &Problem);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_STALEENTRIES_H
