// Where cache entries live and how they are read and written: one file per
// (site, device, key), named by a hash of that identity; reads that refuse
// symbolic links, special and oversized files; writes through a temporary
// file and rename(2), so a reader sees the old file or the new one, never a
// part. Shared by the runtime and tools/autotune-cache.
#ifndef AUTOTUNE_SRC_CACHEDIRECTORY_H
#define AUTOTUNE_SRC_CACHEDIRECTORY_H

#include "CacheFile.h"

#include <cstdint>
#include <string>
#include <vector>

namespace autotune {

// The cache directory the environment names: $AUTOTUNE_CACHE_DIR if set
// and not empty, else $XDG_CACHE_HOME/autotune if XDG_CACHE_HOME is absolute,
// else $HOME/.cache/autotune; empty when none applies. Get is getenv-like.
std::string cacheDirectoryFrom(const char *(*Get)(const char *Name));

// FNV-1a, 64 bits: stable across compilers and runs, unlike std::hash.
std::uint64_t stableHash(const std::string &Text,
                         std::uint64_t Seed = 0xcbf29ce484222325ull);

// "<label>-<16 hex digits>.json": the label made file-name safe, and a hash
// of everything that decides whether the entry applies (site name, function,
// fingerprint, device model, driver, runtime, key).
std::string cacheFileName(const CacheEntry &Identity);

enum class ReadStatus {
  Ok,
  Missing, // no such file: an ordinary miss
  Invalid, // there is something, and it is not a usable entry (Problem says
           // why)
};

// Reads and parses Path without following a symbolic link, refusing
// anything but a regular file of at most MaxCacheFileBytes.
ReadStatus readCacheFile(const std::string &Path, CacheEntry &Entry,
                         std::string &Problem);

// Creates Dir and its parents (mode 0700) where missing.
bool makeCacheDirectory(const std::string &Dir, std::string &Problem);

// Writes Text as Dir/FileName atomically (temporary file in Dir, then
// rename). False with Problem set when the directory cannot be written.
bool writeCacheFile(const std::string &Dir, const std::string &FileName,
                    const std::string &Text, std::string &Problem);

// The entry files of Dir ("*.json", not hidden), sorted. False with Problem
// set when Dir exists but cannot be listed; an absent Dir is empty.
bool listCacheFiles(const std::string &Dir, std::vector<std::string> &Names,
                    std::string &Problem);

// Temporary files left by writers that died between create and rename.
bool listTemporaryFiles(const std::string &Dir, std::vector<std::string> &Names,
                        std::string &Problem);

} // namespace autotune

#endif // AUTOTUNE_SRC_CACHEDIRECTORY_H
