// File paths: how the runtime and tools/autotune-cache join and resolve
// them.
#ifndef AUTOTUNE_SRC_PATHS_H
#define AUTOTUNE_SRC_PATHS_H

#include <string>

namespace autotune {

// Dir + "/" + Name, without doubling a slash Dir ends in: the one way the
// runtime and tools/autotune-cache name a file of the cache directory.
std::string joinPath(const std::string &Dir, const std::string &Name);

// Path made absolute against the working directory (unchanged if it is);
// false, with errno set, when the working directory cannot be read.
bool makeAbsolute(std::string &Path);

} // namespace autotune

#endif // AUTOTUNE_SRC_PATHS_H
