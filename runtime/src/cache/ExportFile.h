// The export format (docs/cache.md, "export" and "import"): a JSON array of
// cache entries, each the entry of a cache file with the name of the file it
// came from. `autotune-cache export --json` writes it, `autotune-cache import`
// reads it; every element is checked by the same rules as a cache file
// (CacheFile.h). Shared by the runtime and tools/autotune-cache.
#ifndef AUTOTUNE_SRC_EXPORTFILE_H
#define AUTOTUNE_SRC_EXPORTFILE_H

#include "cache/CacheFile.h"

#include <cstddef>
#include <string>
#include <vector>

namespace autotune {

// Larger texts, or more entries, are refused as a whole: an export of a
// large cache is a few MiB, and the bounds cap what a hostile file costs.
constexpr std::size_t MaxExportBytes = std::size_t(64) << 20;
constexpr std::size_t MaxExportEntries = 100000;

struct ExportedEntry {
  CacheEntry Entry;
  std::string File; // its name in the cache directory
};

// The JSON array, pretty-printed and ending in a line break: each element
// the text serializeCacheEntry() writes for the entry, with a last member
// "file". Only ASCII is written: control characters, DEL and everything
// beyond ASCII are \u escapes.
std::string serializeExport(const std::vector<ExportedEntry> &Entries);

// Reads what serializeExport() writes (the "file" members are ignored), or
// the text of a single cache file (one entry, an object). Entries receives
// every valid entry in order; Problems one line per invalid element, naming
// it ("entry 3 (site 'saxpy'): 'key' must be an array of integers", entries
// counted from 1), or one line for a text that is not an export at all. True
// when there is no problem. Never throws.
bool parseExportText(const std::string &Text, std::vector<CacheEntry> &Entries,
                     std::vector<std::string> &Problems);

} // namespace autotune

#endif // AUTOTUNE_SRC_EXPORTFILE_H
