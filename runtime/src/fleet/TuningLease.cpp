// The lease protocol of TuningLease.h, in plain system calls: what it needs
// of a file system is an atomic O_CREAT | O_EXCL, unlink, and modification
// times that other clients see change (docs/cache.md, "Concurrency").
#include "fleet/TuningLease.h"

#include "cache/CacheDirectory.h"
#include "cache/CacheIdentity.h"
#include "support/Log.h"
#include "support/TextFormat.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <ctime>
#include <thread>

#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

namespace autotune {
namespace {

using Clock = std::chrono::steady_clock;

constexpr const char *LeaseSuffix = ".lease";
constexpr const char *EndSuffix = ".end";
// A lease is a few short lines; anything larger is not one.
constexpr std::size_t MaxLeaseBytes = 4096;

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

std::string hostName() {
  char Name[256] = {};
  if (::gethostname(Name, sizeof Name - 1) != 0 || !Name[0])
    return "?";
  return Name;
}

// The machine whose processes a lease's pid names: this boot of this host
// (the processes of an earlier boot are gone) and this pid namespace (a
// container's pids are its own); the host name where /proc does not say.
const std::string &thisMachine() {
  static const std::string Machine = [] {
    std::string Boot, Problem;
    if (readTextFile("/proc/sys/kernel/random/boot_id", 256, false, Boot,
                     Problem) != ReadStatus::Ok)
      Boot.clear();
    Boot = Boot.substr(0, Boot.find('\n'));
    char Namespace[256];
    ssize_t N = ::readlink("/proc/self/ns/pid", Namespace, sizeof Namespace);
    if (Boot.empty() || N <= 0)
      return "host " + hostName();
    return Boot + " " + std::string(Namespace, static_cast<std::size_t>(N));
  }();
  return Machine;
}

// The text of a new lease (or end marker): who holds it, and a token that
// makes it differ from every other lease, so that a lease is recognised by
// its text alone.
std::string newLeaseText() {
  static std::atomic<unsigned> Counter{0};
  long long Now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count();
  std::string Pid = std::to_string(::getpid());
  return "autotune tuning lease\npid " + Pid + "\nhost " + hostName() +
         "\nmachine " + thisMachine() + "\ntoken " + Pid + "." +
         std::to_string(Now) + "." + std::to_string(Counter.fetch_add(1)) +
         "\n";
}

// Who a lease says holds it; Pid 0 where it does not say (a lease being
// written, or not one of ours).
struct LeaseHolder {
  long Pid = 0;
  std::string Host, Machine;
};

LeaseHolder parseHolder(const std::string &Text) {
  LeaseHolder H;
  std::size_t Begin = 0;
  while (Begin < Text.size()) {
    std::size_t End = Text.find('\n', Begin);
    if (End == std::string::npos)
      break; // a last line without its newline may be cut short
    std::string Line = Text.substr(Begin, End - Begin);
    Begin = End + 1;
    std::size_t Space = Line.find(' ');
    if (Space == std::string::npos)
      continue;
    std::string Field = Line.substr(0, Space), Value = Line.substr(Space + 1);
    if (Field == "pid") {
      char *Rest = nullptr;
      long Pid = std::strtol(Value.c_str(), &Rest, 10);
      if (Rest != Value.c_str() && !*Rest && Pid > 0 && Pid <= INT_MAX)
        H.Pid = Pid;
    } else if (Field == "host") {
      H.Host = Value;
    } else if (Field == "machine") {
      H.Machine = Value;
    }
  }
  return H;
}

std::string describe(const LeaseHolder &H) {
  if (H.Pid <= 0)
    return "another process";
  return "process " + std::to_string(H.Pid) + " on " + H.Host;
}

// Whether the holder was a process of this machine that is gone. A zombie
// is gone: it only waits for its parent to reap it.
bool holderExited(const LeaseHolder &H) {
  if (H.Pid <= 0 || H.Machine != thisMachine())
    return false;
  // One thread of a process tunes a key, and it takes the lease once: a
  // lease naming this process is of an earlier process with the same pid.
  if (H.Pid == ::getpid())
    return true;
  if (::kill(static_cast<pid_t>(H.Pid), 0) != 0)
    return errno == ESRCH;
  std::string Stat, Problem;
  if (readTextFile("/proc/" + std::to_string(H.Pid) + "/stat", 4096, false,
                   Stat, Problem) != ReadStatus::Ok)
    return false;
  // "pid (command) state ...": the command may hold anything, ')' too.
  std::size_t Paren = Stat.rfind(')');
  return Paren != std::string::npos && Paren + 2 < Stat.size() &&
         (Stat[Paren + 2] == 'Z' || Stat[Paren + 2] == 'X');
}

// The modification time of Path, without following a link.
bool modifiedAt(const std::string &Path, struct timespec &Time) {
  struct stat Status;
  if (::lstat(Path.c_str(), &Status) != 0)
    return false;
  Time = Status.st_mtim;
  return true;
}

double ageOf(const struct timespec &Time) {
  struct timespec Now;
  ::clock_gettime(CLOCK_REALTIME, &Now);
  return double(Now.tv_sec - Time.tv_sec) +
         double(Now.tv_nsec - Time.tv_nsec) * 1e-9;
}

// Why the lease (or end marker) at Path, holding Text, is stale: "it
// exited", "no sign of life for 42 s"; empty when its holder may be at
// work. The age compares this host's clock with the file's time, which a
// network file system may take from another clock: take() also watches
// the time change.
std::string whyStale(const std::string &Path, const std::string &Text,
                     double Seconds) {
  if (holderExited(parseHolder(Text)))
    return "it exited";
  struct timespec Modified;
  if (!modifiedAt(Path, Modified))
    return std::string();
  double Age = ageOf(Modified);
  if (Age > Seconds)
    return "no sign of life for " + formatSeconds(Age);
  return std::string();
}

std::string endMarkerName(const std::string &LeaseName,
                          const std::string &Text) {
  return LeaseName + "." + hex64(stableHash(Text)) + EndSuffix;
}

enum class Ending {
  Removed,  // the lease holding Text was removed
  Gone,     // no lease holds Text any more (removed by another, or replaced)
  Busy,     // another process is removing it right now
  Unusable, // no marker can be made here
};

// Removes the lease Dir/LeaseName if it still holds Text. Only the process
// that creates the lease's end marker (O_EXCL) may: of all the processes
// that found the same stale lease, one removes it, and none removes a newer
// lease of the same name, made once the stale one was gone. (A rename of
// the stale lease could take the newer one instead.)
Ending endLease(const std::string &Dir, const std::string &LeaseName,
                const std::string &Text, double Seconds) {
  std::string Marker = joinPath(Dir, endMarkerName(LeaseName, Text));
  int Fd = ::open(Marker.c_str(),
                  O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (Fd < 0) {
    if (errno != EEXIST)
      return Ending::Unusable;
    // A marker lives for microseconds; one whose maker died in them would
    // keep the lease for ever. Removing it races only with another process
    // doing the same in those microseconds.
    std::string MarkerText, Problem;
    if (readTextFile(Marker, MaxLeaseBytes, false, MarkerText, Problem) ==
            ReadStatus::Ok &&
        !whyStale(Marker, MarkerText, Seconds).empty())
      ::unlink(Marker.c_str());
    return Ending::Busy;
  }
  int Ignored;
  writeAll(Fd, newLeaseText(), Ignored);
  ::close(Fd);
  std::string Path = joinPath(Dir, LeaseName), Now, Problem;
  Ending Result = Ending::Gone;
  if (readTextFile(Path, MaxLeaseBytes, false, Now, Problem) ==
          ReadStatus::Ok &&
      Now == Text && ::unlink(Path.c_str()) == 0)
    Result = Ending::Removed;
  ::unlink(Marker.c_str());
  return Result;
}

// One process's wait for a lease that another holds (TuningLease::take()):
// what it has seen of the lease and since when, whom it waits for, and how
// long it pauses between looks.
class LeaseWait {
public:
  // What follows a look at the lease.
  enum class Next {
    RetryAtOnce, // the lease went meanwhile: try to create it again
    Pause,       // a live holder (or one being removed): wait, then look
    TuneHere,    // no lease can be kept here: tune as if alone
  };

  explicit LeaseWait(const LeaseRequest &Request)
      : Request(Request), Start(Clock::now()),
        LeaseName(leaseFileName(Request.EntryName)),
        Path(joinPath(Request.Dir, LeaseName)), Log(Request.LogLevel >= 1),
        SeenSince(Start) {}

  // Whether the entry is in the cache now; says whom this process waited
  // for, if anyone.
  bool arrived() {
    if (!Request.Arrived())
      return false;
    if (Log && !Holder.empty())
      logLine(Request.Where + ": tuned by " + Holder + "; waited " +
              formatSeconds(secondsSince(Start)) + " for its result");
    return true;
  }

  // Retries without a pause (a lease released or removed meanwhile) are
  // for a quick take-over; a file system that keeps answering so gets the
  // pause and the wait bound too. False once the wait bound has passed.
  bool pauseAfterQuickRetries() {
    if (QuickRetries == 0 || QuickRetries % 16 != 0)
      return true;
    if (secondsSince(Start) >= Request.MaxWait)
      return false;
    std::this_thread::sleep_for(std::chrono::duration<double>(Pause));
    return true;
  }

  // Says, once this process holds the lease, that it took it from a stale
  // holder.
  void sayTookOver() const {
    if (Log && !TookOver.empty())
      logLine(Request.Where + ": " + TookOver + "; tuning it here");
  }

  // Reads the lease that exists; removes it when it is stale.
  Next lookAtLease() {
    std::string Text, Problem;
    switch (readTextFile(Path, MaxLeaseBytes, false, Text, Problem)) {
    case ReadStatus::Missing:
      return retryAtOnce(); // released meanwhile
    case ReadStatus::Invalid:
      // Not a lease (a link, a directory): nothing to wait for.
      return Next::TuneHere;
    case ReadStatus::Ok:
      break;
    }
    // After the text: a lease made meanwhile has a fresh time, so that an
    // old time is never paired with a new holder.
    struct timespec Modified;
    if (!modifiedAt(Path, Modified))
      return retryAtOnce();
    std::string Why = whyStaleSinceSeen(Text, Modified);
    if (!Why.empty())
      return endStaleLease(Text, Why);
    waitFor(Text);
    return Next::Pause;
  }

  // Pauses before the next look, longer each time up to half a second.
  // False, and says so, once the wait bound has passed.
  bool pause() {
    double Waited = secondsSince(Start);
    if (Waited >= Request.MaxWait) {
      logLine(Request.Where + ": " +
              (Holder.empty() ? std::string("another process") : Holder) +
              " is still tuning it after " + formatSeconds(Waited) +
              "; this call runs the default point, the next call looks "
              "again");
      return false;
    }
    std::this_thread::sleep_for(std::chrono::duration<double>(
        std::min({Pause, Request.Seconds / 4, Request.MaxWait - Waited})));
    Pause = std::min(Pause * 2, 0.5);
    return true;
  }

private:
  Next retryAtOnce() {
    ++QuickRetries;
    return Next::RetryAtOnce;
  }

  // whyStale(), or, where that finds the holder alive, whether the lease
  // has stayed as it is (text and time) for longer than a lease time by
  // this process's clock: a holder that stopped touching it is noticed by
  // this clock alone, whatever the clocks of other hosts say.
  std::string whyStaleSinceSeen(const std::string &Text,
                                const struct timespec &Modified) {
    std::string Why = whyStale(Path, Text, Request.Seconds);
    bool Same = Text == SeenText && Modified.tv_sec == SeenTime.tv_sec &&
                Modified.tv_nsec == SeenTime.tv_nsec;
    if (!Same) {
      SeenText = Text;
      SeenTime = Modified;
      SeenSince = Clock::now();
    } else if (Why.empty() && secondsSince(SeenSince) > Request.Seconds) {
      Why = "no sign of life for " + formatSeconds(secondsSince(SeenSince));
    }
    return Why;
  }

  Next endStaleLease(const std::string &Text, const std::string &Why) {
    switch (endLease(Request.Dir, LeaseName, Text, Request.Seconds)) {
    case Ending::Removed:
      TookOver =
          describe(parseHolder(Text)) + " stopped tuning it (" + Why + ")";
      return retryAtOnce();
    case Ending::Gone:
      return retryAtOnce();
    case Ending::Unusable:
      return Next::TuneHere;
    case Ending::Busy:
      break;
    }
    return Next::Pause;
  }

  // Notes the live holder of the lease holding Text; says, once the wait
  // passes a second, that this process waits for it.
  void waitFor(const std::string &Text) {
    Holder = describe(parseHolder(Text));
    TookOver.clear();
    if (Log && !SaidWaiting && secondsSince(Start) >= 1) {
      SaidWaiting = true;
      logLine(Request.Where + ": " + Holder +
              " is tuning it; waiting for its result");
    }
  }

  const LeaseRequest &Request;
  const Clock::time_point Start;
  const std::string LeaseName, Path;
  const bool Log;
  // The lease as last seen and since when.
  std::string SeenText;
  struct timespec SeenTime = {};
  Clock::time_point SeenSince;
  std::string Holder;   // the live holder waited for, if any
  std::string TookOver; // why this process removed a stale lease
  bool SaidWaiting = false;
  double Pause = 0.01; // seconds
  int QuickRetries = 0;
};

} // namespace

std::string leaseFileName(const std::string &EntryName) {
  return "." + EntryName + LeaseSuffix;
}

bool isLeaseFileName(const std::string &Name) {
  std::size_t Suffix = std::char_traits<char>::length(LeaseSuffix);
  return Name.size() > Suffix + 1 && Name[0] == '.' &&
         endsWith(Name, LeaseSuffix) &&
         isCacheFileName(Name.substr(1, Name.size() - 1 - Suffix));
}

bool isLeaseEndFileName(const std::string &Name) {
  // Lease name + "." + 16 hex digits + ".end"
  constexpr std::size_t Hash = 1 + 16;
  std::size_t Suffix = std::char_traits<char>::length(EndSuffix);
  if (!endsWith(Name, EndSuffix) || Name.size() <= Suffix + Hash)
    return false;
  std::size_t Start = Name.size() - Suffix - Hash;
  if (Name[Start] != '.')
    return false;
  for (std::size_t I = Start + 1; I < Start + Hash; ++I)
    if (!((Name[I] >= '0' && Name[I] <= '9') ||
          (Name[I] >= 'a' && Name[I] <= 'f')))
      return false;
  return isLeaseFileName(Name.substr(0, Start));
}

TuningLease::Created TuningLease::create(const LeaseRequest &Request) {
  std::string LeaseName = leaseFileName(Request.EntryName);
  std::string Path = joinPath(Request.Dir, LeaseName);
  int New = ::open(Path.c_str(),
                   O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (New < 0)
    return errno == EEXIST ? Created::Exists : Created::Unusable;
  std::string Mine = newLeaseText();
  int Error;
  if (!writeAll(New, Mine, Error)) {
    ::close(New);
    ::unlink(Path.c_str());
    return Created::Unusable;
  }
  // On a network file system other clients may otherwise read it empty
  // until write-back, and every empty lease looks alike. On a local one
  // the fsync only waits for the disk, on the first call of a site (3.8 ms
  // on ext4 on this project's build machine); a lease a crash left empty is
  // taken over once it is a lease time old (docs/cache.md, "Concurrency").
  if (!isLocalFileSystem(New))
    ::fsync(New);
  Fd = New;
  Dir = Request.Dir;
  Name = LeaseName;
  Text = Mine;
  Seconds = Request.Seconds;
  RefreshEvery = std::chrono::duration_cast<Clock::duration>(
      std::chrono::duration<double>(std::min(1.0, Request.Seconds / 4)));
  Refreshed = Clock::now();
  return Created::Yes;
}

TuningTurn TuningLease::take(const LeaseRequest &Request) {
  release();
  LeaseWait Wait(Request);
  for (;;) {
    if (!Wait.pauseAfterQuickRetries())
      return TuningTurn::WaitExpired;
    switch (create(Request)) {
    case Created::Unusable:
      return TuningTurn::ThisProcess;
    case Created::Yes:
      // The holder may have stored the entry and gone between this
      // process's look and its create.
      if (Wait.arrived()) {
        release();
        return TuningTurn::ResultArrived;
      }
      Wait.sayTookOver();
      return TuningTurn::ThisProcess;
    case Created::Exists:
      break;
    }
    if (Wait.arrived())
      return TuningTurn::ResultArrived;
    switch (Wait.lookAtLease()) {
    case LeaseWait::Next::RetryAtOnce:
      continue;
    case LeaseWait::Next::TuneHere:
      return TuningTurn::ThisProcess;
    case LeaseWait::Next::Pause:
      break;
    }
    if (!Wait.pause())
      return TuningTurn::WaitExpired;
  }
}

void TuningLease::refresh() {
  if (Fd < 0)
    return;
  Clock::time_point Now = Clock::now();
  if (Now - Refreshed < RefreshEvery)
    return;
  Refreshed = Now;
  ::futimens(Fd, nullptr);
}

void TuningLease::release() {
  if (Fd < 0)
    return;
  // Closed first: a network file system keeps a removed file that is still
  // open under another name.
  ::close(Fd);
  Fd = -1;
  // Through the end marker too: a process that found this lease stale (a
  // run longer than the lease time) and made its own keeps that one.
  if (endLease(Dir, Name, Text, Seconds) != Ending::Unusable)
    return;
  // No marker can be made (no inodes, a quota): the lease is still this
  // process's while it holds this text, and must not be left behind.
  std::string Path = joinPath(Dir, Name), Now, Problem;
  if (readTextFile(Path, MaxLeaseBytes, false, Now, Problem) ==
          ReadStatus::Ok &&
      Now == Text)
    ::unlink(Path.c_str());
}

bool removeStaleLeaseFile(const std::string &Dir, const std::string &Name,
                          double OlderThan) {
  std::string Path = joinPath(Dir, Name), Text, Problem;
  if (readTextFile(Path, MaxLeaseBytes, false, Text, Problem) !=
          ReadStatus::Ok ||
      whyStale(Path, Text, OlderThan).empty())
    return false;
  if (isLeaseEndFileName(Name))
    return ::unlink(Path.c_str()) == 0;
  return isLeaseFileName(Name) &&
         endLease(Dir, Name, Text, OlderThan) == Ending::Removed;
}

} // namespace autotune
