// File paths (Paths.h).
#include "support/Paths.h"

#include <unistd.h>

namespace autotune {

std::string joinPath(const std::string &Dir, const std::string &Name) {
  if (!Dir.empty() && Dir.back() == '/')
    return Dir + Name;
  return Dir + "/" + Name;
}

bool makeAbsolute(std::string &Path) {
  if (!Path.empty() && Path[0] == '/')
    return true;
  char Cwd[4096];
  if (!::getcwd(Cwd, sizeof Cwd))
    return false;
  Path = joinPath(Cwd, Path);
  return true;
}

} // namespace autotune
