// Whether the cache directory a command reads is there (ExistingDirectory.h).
#include "ExistingDirectory.h"

#include "support/TextFormat.h"

#include <cerrno>
#include <cstring>
#include <iostream>

#include <sys/stat.h>

namespace autotune {

bool isExistingDirectory(const std::string &Dir) {
  struct stat Status;
  bool Exists = ::stat(Dir.c_str(), &Status) == 0;
  if (Exists && S_ISDIR(Status.st_mode))
    return true;
  std::cerr << "autotune-cache: error: " << printable(Dir)
            << (Exists ? " is not a directory"
                       : ": " + std::string(std::strerror(errno)))
            << "\n";
  return false;
}

} // namespace autotune
