// POSIX file handling of the cache directory. Everything is done with plain
// system calls so that the checks (O_NOFOLLOW, fstat, O_EXCL) apply to the
// very file that is read or written.
#include "cache/CacheDirectory.h"
#include "cache/CacheIdentity.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

namespace autotune {
namespace {

constexpr const char *TemporaryMarker = ".tmp.";

std::string systemError(const std::string &What, int Error) {
  return What + ": " + std::strerror(Error);
}

// Reads the whole of Fd, up to Limit + 1 bytes (so that "too large" shows).
bool readAll(int Fd, std::size_t Limit, std::string &Text, int &Error) {
  Text.clear();
  char Buffer[16384];
  while (Text.size() <= Limit) {
    ssize_t N = ::read(Fd, Buffer, sizeof Buffer);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Error = errno;
      return false;
    }
    if (N == 0)
      break;
    Text.append(Buffer, static_cast<std::size_t>(N));
  }
  return true;
}

// The names listCacheFiles() gives: not hidden, ending in ".json".
bool isEntryFileName(const std::string &Name) {
  return Name[0] != '.' && endsWith(Name, ".json");
}

bool isDigits(const std::string &S) {
  return !S.empty() && S.find_first_not_of("0123456789") == std::string::npos;
}

// Reads the text of Path as readCacheFile() promises: no link followed, a
// regular file of at most MaxCacheFileBytes.
ReadStatus readCacheText(const std::string &Path, std::string &Text,
                         std::string &Problem) {
  return readTextFile(Path, MaxCacheFileBytes, false, Text, Problem);
}

// The owner and mode rules of isTrustedCacheDirectory() for one directory.
bool trustedDirectory(const std::string &Path, const struct stat &Status,
                      bool IsCacheDirectory, std::string &Problem) {
  uid_t Me = ::geteuid();
  if (IsCacheDirectory ? Status.st_uid != Me
                       : Status.st_uid != Me && Status.st_uid != 0) {
    Problem = Path + " belongs to another user (uid " +
              std::to_string(Status.st_uid) + ")";
    return false;
  }
  bool Sticky = (Status.st_mode & S_ISVTX) && !IsCacheDirectory;
  if ((Status.st_mode & S_IWOTH) && !Sticky) {
    Problem = Path + " can be written by every user";
    return false;
  }
  return true;
}

// The walk of isTrustedCacheDirectory() from "/" along a path, component by
// component, each judged against the real (link-free) directory reached so
// far, following the links it may.
class TrustWalk {
public:
  enum class Verdict {
    Continue,  // the walk goes on; from walk(): the whole path is walked,
               // and reached() is the real directory it names
    Trusted,   // it goes no further (missing, not a directory): nothing to
               // distrust
    Untrusted, // Problem says why
  };

  TrustWalk(const std::string &Dir, std::string &Problem)
      : Dir(Dir), Problem(Problem) {}

  // Walks the absolute path Start from "/".
  Verdict walk(const std::string &Start) {
    push(Start);
    while (!Pending.empty()) {
      std::string Part = Pending.back();
      Pending.pop_back();
      Verdict V = enter(Part);
      if (V != Verdict::Continue)
        return V;
    }
    return Verdict::Continue;
  }

  const std::string &reached() const { return Current; }

private:
  // Queues the components of Path, the first one to walk last.
  void push(const std::string &Path) {
    std::size_t End = Path.size();
    while (End > 0) {
      std::size_t Slash = Path.rfind('/', End - 1);
      std::size_t Begin = Slash == std::string::npos ? 0 : Slash + 1;
      if (End > Begin)
        Pending.push_back(Path.substr(Begin, End - Begin));
      if (Slash == std::string::npos)
        break;
      End = Slash;
    }
  }

  // Steps from Current into its component Part.
  Verdict enter(const std::string &Part) {
    if (Part == ".")
      return Verdict::Continue;
    if (Part == "..") {
      // Current has no links, so its parent is the textual one.
      std::size_t Slash = Current.rfind('/');
      Current = Slash == 0 ? "/" : Current.substr(0, Slash);
      return Verdict::Continue;
    }
    std::string Next = joinPath(Current, Part);
    struct stat Status;
    if (::lstat(Next.c_str(), &Status) != 0) {
      // A missing directory is created, then checked, by
      // makeCacheDirectory().
      if (errno == ENOENT)
        return Verdict::Trusted;
      Problem = systemError("cannot examine " + Next, errno);
      return Verdict::Untrusted;
    }
    if (S_ISLNK(Status.st_mode))
      return follow(Next, Status);
    // Not a question of trust: reads find nothing, a write says why.
    if (!S_ISDIR(Status.st_mode))
      return Verdict::Trusted;
    Current = Next;
    return trustedDirectory(Current, Status, false, Problem)
               ? Verdict::Continue
               : Verdict::Untrusted;
  }

  // Queues the target of the link at Link, whose lstat() is Status.
  Verdict follow(const std::string &Link, const struct stat &Status) {
    // A link the user or root made is followed; one another user made (in
    // /tmp, say) could lead anywhere.
    if (Status.st_uid != ::geteuid() && Status.st_uid != 0) {
      Problem = Link + " is a symbolic link of another user (uid " +
                std::to_string(Status.st_uid) + ")";
      return Verdict::Untrusted;
    }
    char Target[4096];
    ssize_t N = ::readlink(Link.c_str(), Target, sizeof Target - 1);
    if (N < 0 || ++Links > 40) {
      Problem = N < 0 ? systemError("cannot read the link " + Link, errno)
                      : Dir + ": too many symbolic links";
      return Verdict::Untrusted;
    }
    std::string To(Target, static_cast<std::size_t>(N));
    if (!To.empty() && To[0] == '/')
      Current = "/";
    push(To);
    return Verdict::Continue;
  }

  const std::string &Dir; // as the caller wrote it, for messages
  std::string &Problem;
  std::vector<std::string> Pending; // components still to walk, next last
  std::string Current = "/";
  int Links = 0; // links followed so far
};

} // namespace

bool endsWith(const std::string &S, const char *Suffix) {
  std::size_t N = std::strlen(Suffix);
  return S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0;
}

bool writeAll(int Fd, const std::string &Text, int &Error) {
  std::size_t Done = 0;
  while (Done < Text.size()) {
    ssize_t N = ::write(Fd, Text.data() + Done, Text.size() - Done);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      Error = errno;
      return false;
    }
    Done += static_cast<std::size_t>(N);
  }
  return true;
}

bool isLocalFileSystem(int Fd) {
  struct statfs Info;
  if (::fstatfs(Fd, &Info) != 0)
    return false;
  switch (static_cast<unsigned long>(Info.f_type)) {
  case 0xEF53:     // ext2, ext3, ext4
  case 0x58465342: // XFS
  case 0x9123683E: // Btrfs
  case 0x01021994: // tmpfs
  case 0x858458F6: // ramfs
  case 0x794C7630: // overlayfs
  case 0xF2F52010: // F2FS
  case 0x2FC12FC1: // ZFS
    return true;
  default:
    return false;
  }
}

bool isTemporaryFileName(const std::string &Name) {
  // "." + cache file name + ".tmp." + pid + "." + counter
  std::size_t Marker = Name.rfind(TemporaryMarker);
  if (Name.size() < 2 || Name[0] != '.' || Marker == std::string::npos ||
      !isCacheFileName(Name.substr(1, Marker - 1)))
    return false;
  std::string Numbers = Name.substr(Marker + std::strlen(TemporaryMarker));
  std::size_t Dot = Numbers.find('.');
  return Dot != std::string::npos && isDigits(Numbers.substr(0, Dot)) &&
         isDigits(Numbers.substr(Dot + 1));
}

ReadStatus readTextFile(const std::string &Path, std::size_t MaxBytes,
                        bool FollowLinks, std::string &Text,
                        std::string &Problem) {
  // O_NOFOLLOW: a link planted in the cache must not make us read (and
  // trust) another file; O_NONBLOCK: a FIFO must not hang the program.
  int Fd = ::open(Path.c_str(), O_RDONLY | (FollowLinks ? 0 : O_NOFOLLOW) |
                                    O_NONBLOCK | O_CLOEXEC);
  if (Fd < 0) {
    int Error = errno;
    // ENOTDIR: the cache directory is not one (a write will say so).
    if (Error == ENOENT || Error == ENOTDIR)
      return ReadStatus::Missing;
    if (Error == ELOOP)
      Problem = "is a symbolic link";
    else
      Problem = systemError("cannot open", Error);
    return ReadStatus::Invalid;
  }
  struct stat Status;
  int Error = 0;
  bool Ok = false;
  std::string TooLarge =
      "is larger than " + std::to_string(MaxBytes) + " bytes";
  if (::fstat(Fd, &Status) != 0)
    Problem = systemError("cannot stat", errno);
  else if (!S_ISREG(Status.st_mode))
    Problem = "is not a regular file";
  else if (static_cast<unsigned long long>(Status.st_size) > MaxBytes)
    Problem = TooLarge;
  else if (!readAll(Fd, MaxBytes, Text, Error))
    Problem = systemError("cannot read", Error);
  else if (Text.size() > MaxBytes)
    Problem = TooLarge;
  else
    Ok = true;
  ::close(Fd);
  return Ok ? ReadStatus::Ok : ReadStatus::Invalid;
}

ReadStatus readCacheFile(const std::string &Path, CacheEntry &Entry,
                         std::string &Problem) {
  std::string Text;
  ReadStatus Status = readCacheText(Path, Text, Problem);
  if (Status != ReadStatus::Ok)
    return Status;
  return parseCacheEntry(Text, Entry, Problem) ? ReadStatus::Ok
                                               : ReadStatus::Invalid;
}

Ownership classifyCacheFile(const std::string &Dir, const std::string &Name,
                            CacheEntry &Entry, std::string &Problem) {
  std::string Text;
  switch (readCacheText(joinPath(Dir, Name), Text, Problem)) {
  case ReadStatus::Missing:
    return Ownership::Missing;
  case ReadStatus::Invalid:
    // A link, a special or huge file: the runtime never writes one.
    return Ownership::Foreign;
  case ReadStatus::Ok:
    break;
  }
  switch (classifyCacheText(Text, Entry, Problem)) {
  case CacheTextKind::Entry:
    return Ownership::Entry;
  case CacheTextKind::Marked:
    return Ownership::Damaged;
  case CacheTextKind::NotJson:
    // A torn or corrupted entry when the runtime could have named it so;
    // someone's file otherwise.
    return isCacheFileName(Name) ? Ownership::Damaged : Ownership::Foreign;
  case CacheTextKind::OtherJson:
    // Valid JSON that does not say it is ours (package.json): whatever its
    // name, it is left.
    return Ownership::Foreign;
  }
  return Ownership::Foreign;
}

bool isTrustedCacheDirectory(const std::string &Dir, std::string &Problem) {
  std::string Start = Dir;
  if (!makeAbsolute(Start)) {
    Problem = systemError("cannot resolve " + Dir, errno);
    return false;
  }
  struct stat Status;
  if (::stat("/", &Status) != 0) {
    Problem = systemError("cannot examine /", errno);
    return false;
  }
  if (!trustedDirectory("/", Status, false, Problem))
    return false;
  TrustWalk Walk(Dir, Problem);
  switch (Walk.walk(Start)) {
  case TrustWalk::Verdict::Trusted:
    return true;
  case TrustWalk::Verdict::Untrusted:
    return false;
  case TrustWalk::Verdict::Continue:
    break;
  }
  const std::string &Current = Walk.reached();
  if (::stat(Current.c_str(), &Status) != 0) {
    Problem = systemError("cannot examine " + Current, errno);
    return false;
  }
  if (!trustedDirectory(Current, Status, true, Problem)) {
    if (Current != Dir)
      Problem = Dir + " (" + Problem + ")";
    return false;
  }
  return true;
}

bool makeCacheDirectory(const std::string &Dir, std::string &Problem) {
  if (Dir.empty()) {
    Problem = "no cache directory";
    return false;
  }
  // Before anything is created: a link of another user on the way must not
  // make us create directories where it leads.
  if (!isTrustedCacheDirectory(Dir, Problem))
    return false;
  for (std::size_t Slash = 1;; ++Slash) {
    Slash = Dir.find('/', Slash);
    std::string Prefix = Dir.substr(0, Slash);
    if (!Prefix.empty() && ::mkdir(Prefix.c_str(), 0700) != 0 &&
        errno != EEXIST) {
      Problem = systemError("cannot create " + Prefix, errno);
      return false;
    }
    if (Slash == std::string::npos)
      break;
  }
  struct stat Status;
  if (::stat(Dir.c_str(), &Status) != 0 || !S_ISDIR(Status.st_mode)) {
    Problem = Dir + " is not a directory";
    return false;
  }
  return isTrustedCacheDirectory(Dir, Problem);
}

bool writeCacheFile(const std::string &Dir, const std::string &FileName,
                    const std::string &Text, std::string &Problem) {
  if (!makeCacheDirectory(Dir, Problem))
    return false;
  // Unique among processes (pid) and threads (counter); O_EXCL makes a
  // clash, or a planted file of the same name, an error rather than a
  // shared file.
  static std::atomic<unsigned> Counter{0};
  std::string Temporary;
  int Fd = -1;
  for (int Attempt = 0; Attempt < 8 && Fd < 0; ++Attempt) {
    Temporary = joinPath(Dir, "." + FileName + TemporaryMarker +
                                  std::to_string(::getpid()) + "." +
                                  std::to_string(Counter.fetch_add(1)));
    Fd = ::open(Temporary.c_str(),
                O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
    if (Fd < 0 && errno != EEXIST)
      break;
  }
  if (Fd < 0) {
    Problem = systemError("cannot create a file in " + Dir, errno);
    return false;
  }
  int Error = 0;
  bool Written = writeAll(Fd, Text, Error);
  if (::close(Fd) != 0 && Written) {
    Written = false;
    Error = errno;
  }
  if (!Written) {
    ::unlink(Temporary.c_str());
    Problem = systemError("cannot write " + Temporary, Error);
    return false;
  }
  std::string Path = joinPath(Dir, FileName);
  if (::rename(Temporary.c_str(), Path.c_str()) != 0) {
    Error = errno;
    ::unlink(Temporary.c_str());
    Problem = systemError("cannot rename to " + Path, Error);
    return false;
  }
  return true;
}

bool listCacheFiles(const std::string &Dir, std::vector<std::string> &Names,
                    std::string &Problem) {
  return listFilesWhere(Dir, isEntryFileName, Names, Problem);
}

bool listTemporaryFiles(const std::string &Dir, std::vector<std::string> &Names,
                        std::string &Problem) {
  return listFilesWhere(Dir, isTemporaryFileName, Names, Problem);
}

bool listFilesWhere(const std::string &Dir,
                    bool (*Accept)(const std::string &Name),
                    std::vector<std::string> &Names, std::string &Problem) {
  Names.clear();
  DIR *D = ::opendir(Dir.c_str());
  if (!D) {
    if (errno == ENOENT)
      return true;
    Problem = systemError("cannot list " + Dir, errno);
    return false;
  }
  while (struct dirent *E = ::readdir(D)) {
    std::string Name = E->d_name;
    if (Accept(Name))
      Names.push_back(Name);
  }
  ::closedir(D);
  std::sort(Names.begin(), Names.end());
  return true;
}

std::string fileStamp(const std::string &Path) {
  struct stat Status;
  if (::lstat(Path.c_str(), &Status) != 0)
    return std::string();
  return std::to_string(Status.st_dev) + ":" + std::to_string(Status.st_ino) +
         ":" + std::to_string(Status.st_size) + ":" +
         std::to_string(Status.st_mtim.tv_sec) + "." +
         std::to_string(Status.st_mtim.tv_nsec);
}

} // namespace autotune
