// The files of the cache directory and how they are read and written: reads
// that refuse symbolic links, special and oversized files; writes through a
// temporary file and rename(2), so a reader sees the old file or the new
// one, never a part; the directory's trust checks. Which file holds which
// entry is CacheIdentity.h's. Shared by the runtime and tools/autotune-cache.
#ifndef AUTOTUNE_SRC_CACHEDIRECTORY_H
#define AUTOTUNE_SRC_CACHEDIRECTORY_H

#include "cache/CacheFile.h"
#include "support/Paths.h"

#include <string>
#include <vector>

namespace autotune {

// Whether S ends in Suffix.
bool endsWith(const std::string &S, const char *Suffix);

// Writes all of Text to Fd (retrying short and interrupted writes); false
// with Error set (an errno) when a write fails.
bool writeAll(int Fd, const std::string &Text, int &Error);

// Whether Fd's file is on a file system of this machine alone (ext4, XFS,
// Btrfs, tmpfs, overlayfs, ...): every process reading it sees a write at
// once, and an fsync only waits for the disk. Unknown kinds count as
// network ones.
bool isLocalFileSystem(int Fd);

// Whether Name is a temporary file writeCacheFile() makes:
// ".<cache file name>.tmp.<pid>.<counter>".
bool isTemporaryFileName(const std::string &Name);

enum class ReadStatus {
  Ok,
  Missing, // no such file: an ordinary miss
  Invalid, // there is something, and it is not a usable entry (Problem says
           // why)
};

// Reads the whole of Path: a regular file of at most MaxBytes, a symbolic
// link followed only when FollowLinks. Problem says what is wrong when the
// result is Invalid.
ReadStatus readTextFile(const std::string &Path, std::size_t MaxBytes,
                        bool FollowLinks, std::string &Text,
                        std::string &Problem);

// Reads and parses Path without following a symbolic link, refusing
// anything but a regular file of at most MaxCacheFileBytes.
ReadStatus readCacheFile(const std::string &Path, CacheEntry &Entry,
                         std::string &Problem);

// Whose a file in the cache directory is, for `autotune-cache clear`.
enum class Ownership {
  Entry,   // a valid entry (Entry is set)
  Damaged, // the cache's, but unusable: a JSON object that says it is in the
           // cache's format (any version), or text that is not JSON at all
           // under a name isCacheFileName() accepts
  Foreign, // anything else: it may be someone's file, and is never removed
  Missing, // gone before it could be read
};
// Reads Dir/Name as readCacheFile() does and says whose it is; Problem says
// why it is not an Entry.
Ownership classifyCacheFile(const std::string &Dir, const std::string &Name,
                            CacheEntry &Entry, std::string &Problem);

// Whether Dir may hold this user's cache (docs/cache.md, "Whose directory"):
// every directory on the way to it, and the symbolic links followed there,
// belong to the effective user or to root, and no directory on the way can
// be written by others unless it is sticky (/tmp); Dir itself, once
// resolved, belongs to the effective user and cannot be written by others.
// A missing Dir (or missing last components) is trusted: it is created by
// makeCacheDirectory(), which checks again. False with Problem set.
bool isTrustedCacheDirectory(const std::string &Dir, std::string &Problem);

// Creates Dir and its parents (mode 0700) where missing, then checks it with
// isTrustedCacheDirectory().
bool makeCacheDirectory(const std::string &Dir, std::string &Problem);

// Writes Text as Dir/FileName atomically (temporary file in Dir, then
// rename). False with Problem set when the directory cannot be written.
bool writeCacheFile(const std::string &Dir, const std::string &FileName,
                    const std::string &Text, std::string &Problem);

// The entry files of Dir ("*.json", not hidden: also files of others that
// only look like entries), sorted. False with Problem set when Dir exists
// but cannot be listed; an absent Dir is empty.
bool listCacheFiles(const std::string &Dir, std::vector<std::string> &Names,
                    std::string &Problem);

// Temporary files (isTemporaryFileName) of writers, some of which may have
// died between create and rename.
bool listTemporaryFiles(const std::string &Dir, std::vector<std::string> &Names,
                        std::string &Problem);

// The files of Dir whose names Accept takes, sorted; the listings above are
// two of these.
bool listFilesWhere(const std::string &Dir,
                    bool (*Accept)(const std::string &Name),
                    std::vector<std::string> &Names, std::string &Problem);

// What identifies the file at Path as it is now (device, inode, size,
// modification time), without following a link; empty when there is none.
// A file put in place by writeCacheFile() always has a new stamp.
std::string fileStamp(const std::string &Path);

} // namespace autotune

#endif // AUTOTUNE_SRC_CACHEDIRECTORY_H
