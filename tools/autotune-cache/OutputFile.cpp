// Writing the user's output file (OutputFile.h).
#include "OutputFile.h"

#include "cache/CacheDirectory.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

std::string failure(const std::string &What, const std::string &Path,
                    int Error) {
  return What + " " + Path + ": " + std::strerror(Error);
}

// Text through a temporary sibling of Path, a regular file or none.
bool replaceFile(const std::string &Path, const std::string &Text,
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

// Text written into what Path opens as, as a shell's '>' writes it.
bool writeInPlace(int Fd, const std::string &Path, const std::string &Text,
                  std::string &Problem) {
  int Error = 0;
  bool Written = writeAll(Fd, Text, Error);
  if (Fd != STDOUT_FILENO && ::close(Fd) != 0 && Written) {
    Written = false;
    Error = errno;
  }
  if (!Written)
    Problem = failure("cannot write", Path, Error);
  return Written;
}

} // namespace

bool writeOutputFile(const std::string &Path, const std::string &Text,
                     std::string &Problem) {
  if (Path == "-")
    return writeInPlace(STDOUT_FILENO, "standard output", Text, Problem);
  struct stat Target;
  if (::stat(Path.c_str(), &Target) != 0) {
    // A new file, or a link to none: the link's own name is replaced, as
    // the file a dangling link names may be anywhere.
    if (errno == ENOENT)
      return replaceFile(Path, Text, Problem);
    Problem = failure("cannot write", Path, errno);
    return false;
  }
  if (S_ISDIR(Target.st_mode)) {
    Problem = "cannot write " + Path + ": it is a directory";
    return false;
  }
  if (!S_ISREG(Target.st_mode)) {
    int Fd = ::open(Path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
    if (Fd < 0) {
      Problem = failure("cannot write", Path, errno);
      return false;
    }
    return writeInPlace(Fd, Path, Text, Problem);
  }
  // A regular file, through links or not: the file is replaced where it is,
  // and any link to it stays a link.
  char *Real = ::realpath(Path.c_str(), nullptr);
  if (!Real) {
    Problem = failure("cannot write", Path, errno);
    return false;
  }
  std::string RealPath = Real;
  std::free(Real);
  return replaceFile(RealPath, Text, Problem);
}

} // namespace autotune
