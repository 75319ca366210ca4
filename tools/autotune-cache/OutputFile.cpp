// Writing the user's output file through a temporary file (OutputFile.h).
#include "OutputFile.h"

#include "cache/CacheDirectory.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

std::string failure(const std::string &What, const std::string &Path,
                    int Error) {
  return What + " " + Path + ": " + std::strerror(Error);
}

} // namespace

bool writeFileAtomically(const std::string &Path, const std::string &Text,
                         std::string &Problem) {
  // The temporary file is a hidden sibling, so that rename(2) stays within
  // one file system.
  std::size_t Slash = Path.rfind('/');
  std::string Directory =
      Slash == std::string::npos ? "" : Path.substr(0, Slash + 1);
  std::string Base = Slash == std::string::npos ? Path : Path.substr(Slash + 1);
  std::string Template = Directory + "." + Base + ".XXXXXX";
  std::vector<char> Name(Template.begin(), Template.end());
  Name.push_back('\0');
  int Fd = ::mkstemp(Name.data());
  if (Fd < 0) {
    Problem = failure("cannot write", Path, errno);
    return false;
  }
  std::string Temporary = Name.data();
  // mkstemp makes the file private; the output is an ordinary file.
  mode_t Mask = ::umask(0);
  ::umask(Mask);
  ::fchmod(Fd, 0666 & ~Mask);
  int Error = 0;
  bool Written = writeAll(Fd, Text, Error);
  if (::close(Fd) != 0 && Written) {
    Written = false;
    Error = errno;
  }
  if (Written && ::rename(Temporary.c_str(), Path.c_str()) == 0)
    return true;
  if (Written)
    Error = errno;
  ::unlink(Temporary.c_str());
  Problem = failure("cannot write", Path, Error);
  return false;
}

} // namespace autotune
