// The check every autotune-cache command that reads the cache makes first:
// a missing cache directory is an error there, where the runtime takes it
// for an empty cache (listCacheFiles(), CacheDirectory.h).
#ifndef AUTOTUNE_TOOLS_EXISTINGDIRECTORY_H
#define AUTOTUNE_TOOLS_EXISTINGDIRECTORY_H

#include <string>

namespace autotune {

// True when Dir is a directory; otherwise says why on stderr
// ("autotune-cache: error: DIR: No such file or directory").
bool isExistingDirectory(const std::string &Dir);

} // namespace autotune

#endif // AUTOTUNE_TOOLS_EXISTINGDIRECTORY_H
