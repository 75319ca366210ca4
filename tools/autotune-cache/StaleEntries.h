// Which cache entries no current program can use any more (docs/cache.md,
// "Stale entries"). An entry applies only to the build of its site whose
// fingerprint it holds; once the code or the compile options change, the old
// entry is never read again. Given the programs that use the cache, an entry
// of a site one of them has (its name and file are in the program) whose
// fingerprint none of them contains is stale; an entry of a site none of them
// has is another program's, and left alone. Without programs, an entry is
// superseded when a newer entry of the same site, device, key, driver and
// runtime exists with another fingerprint.
#ifndef AUTOTUNE_TOOLS_STALEENTRIES_H
#define AUTOTUNE_TOOLS_STALEENTRIES_H

#include "cache/CacheFile.h"

#include <string>
#include <vector>

namespace autotune {

enum class EntryState {
  Current,    // a given program contains its fingerprint
  Stale,      // a given program has its site; none contains its fingerprint
  Other,      // programs were given, and none has its site
  Latest,     // no program given; no newer entry replaces it
  Superseded, // no program given; a newer entry of the same site replaces it
};

// "current", "stale", "other", "latest", "superseded".
const char *entryStateName(EntryState State);

// True for the states 'prune' removes.
bool isStale(EntryState State);

// The state of each of Entries. Binaries holds the bytes of each program
// given; a site's fingerprint is stored there as 8 little-endian bytes.
std::vector<EntryState>
entryStates(const std::vector<const CacheEntry *> &Entries,
            const std::vector<std::string> &Binaries);

// Whether Binary holds the site of Entry: its name and file, as the
// compiled site description stores them (NUL-terminated strings).
bool hasSiteOf(const std::string &Binary, const CacheEntry &Entry);

// Reads the program at Path whole: a regular file (through links). False
// with Problem set when it cannot ("cannot read DIR: it is a directory, not
// a program").
bool readBinary(const std::string &Path, std::string &Data,
                std::string &Problem);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_STALEENTRIES_H
