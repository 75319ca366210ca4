// Processes on one cache directory tune a key once: the one that takes the
// lease tunes, the others wait for its entry and read it; a tuner that dies
// (SIGKILL, or a lease left by a process gone before the run) is taken over
// by exactly one of them; a lease of another host is waited for while it is
// fresh; the wait is bounded; capture and AUTOTUNE_CACHE=read never wait.
// Real processes (fork), started together at a pipe.
#include "CacheTestSupport.h"
#include "fleet/TuningLease.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

namespace autotune {
namespace {

using Clock = std::chrono::steady_clock;

constexpr long long Key = 7;
constexpr unsigned Winner = 2; // X=3, the point the fake device finds fastest
constexpr char Summary[] = "3/3 variants, winner X=3";

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

// What each child process says of its call: how many tunings it logged, how
// many runs it timed, the point it launched.
struct ChildReport {
  int Summaries = 0;
  int TimedRuns = 0;
  unsigned Launched = ~0u;
};

class CacheLeaseTest : public CacheTest {
protected:
  void SetUp() override {
    CacheTest::SetUp();
    setEnv("AUTOTUNE_LOG", "1");
  }

  // A site whose tuning takes long enough for the others to find it
  // running: each timed run sleeps RunDelay.
  void configure(FakeBackend &B) {
    B.RunDelay = RunDelay;
    B.TimeOf = [](unsigned I) { return I == Winner ? 1e-4 : 1e-3; };
  }

  // Count processes, each of which waits at the start pipe, calls the site
  // once and reports on the report pipe.
  void startChildren(int Count) {
    int Start[2];
    ASSERT_EQ(::pipe(Start), 0);
    ASSERT_EQ(::pipe(Reports), 0);
    for (int I = 0; I < Count; ++I) {
      pid_t Pid = ::fork();
      ASSERT_GE(Pid, 0);
      if (Pid == 0) {
        ::close(Start[1]);
        ::close(Reports[0]);
        char C;
        while (::read(Start[0], &C, 1) < 0 && errno == EINTR) {
        }
        child();
      }
      Children.push_back(Pid);
    }
    ::close(Start[0]);
    ::close(Reports[1]);
    ::close(Start[1]); // every child starts now
  }

  [[noreturn]] void child() {
    FakeBackend B;
    configure(B);
    S.call(&B, Key);
    char Line[64];
    int N = std::snprintf(Line, sizeof Line, "%d %d %u\n",
                          int(logLinesWith(Summary).size()), int(B.timedRuns()),
                          B.lastLaunch());
    // One write below PIPE_BUF: the lines of the children never mix.
    bool Written = ::write(Reports[1], Line, std::size_t(N)) == N;
    ::_exit(Written ? 0 : 1);
  }

  // Waits for every child (but those already reaped) and reads what they
  // reported.
  std::vector<ChildReport> finish() {
    for (pid_t Pid : Children) {
      int Status = 0;
      if (::waitpid(Pid, &Status, 0) == Pid && Pid != Killed)
        EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
            << "child exit status " << Status;
    }
    std::string Text;
    char Buffer[4096];
    ssize_t N;
    while ((N = ::read(Reports[0], Buffer, sizeof Buffer)) > 0)
      Text.append(Buffer, std::size_t(N));
    ::close(Reports[0]);
    std::vector<ChildReport> Found;
    std::istringstream In(Text);
    ChildReport R;
    while (In >> R.Summaries >> R.TimedRuns >> R.Launched)
      Found.push_back(R);
    return Found;
  }

  // Every report: one process tuned, every one launched the winner, and
  // nothing but the entry is left.
  void expectOneTuning(const std::vector<ChildReport> &Reported,
                       std::size_t Processes) {
    ASSERT_EQ(Reported.size(), Processes);
    int Summaries = 0, Tuners = 0;
    for (const ChildReport &R : Reported) {
      Summaries += R.Summaries;
      Tuners += R.TimedRuns > 0;
      EXPECT_EQ(R.Launched, Winner);
    }
    EXPECT_EQ(Summaries, 1);
    EXPECT_EQ(Tuners, 1);
    EXPECT_EQ(entryFiles().size(), 1u);
    EXPECT_TRUE(leaseFiles().empty());
  }

  // The pid of a process that took the lease and died without a word.
  pid_t leaseOfAnExitedProcess() {
    std::string Problem;
    EXPECT_TRUE(makeCacheDirectory(Dir, Problem)) << Problem;
    pid_t Pid = ::fork();
    if (Pid == 0) {
      LeaseRequest Request;
      Request.Dir = Dir;
      Request.EntryName = entryName();
      Request.Arrived = [] { return false; };
      TuningLease Lease;
      Lease.take(Request);
      ::_exit(Lease.held() ? 0 : 1);
    }
    int Status = 0;
    EXPECT_EQ(::waitpid(Pid, &Status, 0), Pid);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0);
    EXPECT_EQ(leaseFiles().size(), 1u);
    return Pid;
  }

  // Calls the site once in this process; the seconds the call took.
  double timedCall(FakeBackend &B) {
    configure(B);
    Clock::time_point Start = Clock::now();
    S.call(&B, Key);
    return secondsSince(Start);
  }

  std::string entryName() {
    std::string Path = pathFor(S.Info, Key);
    return Path.substr(Path.rfind('/') + 1);
  }
  std::string leasePath() { return Dir + "/" + leaseFileName(entryName()); }

  // The pid a lease names, once its holder has written it; 0 after Timeout.
  pid_t leaseHolder(double Timeout) {
    Clock::time_point Start = Clock::now();
    while (secondsSince(Start) < Timeout) {
      std::istringstream In(readText(leasePath()));
      std::string Line;
      while (std::getline(In, Line))
        if (Line.rfind("pid ", 0) == 0)
          return pid_t(std::stol(Line.substr(4)));
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    return 0;
  }

  // The lease files left in the cache (leases, and markers of ending ones).
  std::vector<std::string> leaseFiles() {
    std::vector<std::string> Leases, Ends;
    std::string Problem;
    listFilesWhere(Dir, isLeaseFileName, Leases, Problem);
    listFilesWhere(Dir, isLeaseEndFileName, Ends, Problem);
    Leases.insert(Leases.end(), Ends.begin(), Ends.end());
    return Leases;
  }

  // A lease as a process of another host writes it, modified Age seconds
  // ago.
  void plantForeignLease(double Age = 0) {
    std::string Problem;
    ASSERT_TRUE(makeCacheDirectory(Dir, Problem)) << Problem;
    writeText(leasePath(), "autotune tuning lease\npid 4242\nhost elsewhere\n"
                           "machine another machine\ntoken 4242.1.0\n");
    setAge(leasePath(), Age);
  }
  static void setAge(const std::string &Path, double Age) {
    struct timespec Now;
    ::clock_gettime(CLOCK_REALTIME, &Now);
    Now.tv_sec -= static_cast<time_t>(Age);
    struct timespec Times[2] = {Now, Now};
    ASSERT_EQ(::utimensat(AT_FDCWD, Path.c_str(), Times, 0), 0);
  }

  // Keeps the planted lease fresh, as its holder would, until stopped.
  void touchLeaseUntilStopped() {
    Toucher = std::thread([this] {
      while (!StopTouching.load()) {
        ::utimensat(AT_FDCWD, leasePath().c_str(), nullptr, 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
      }
    });
  }
  void stopTouching() {
    StopTouching.store(true);
    if (Toucher.joinable())
      Toucher.join();
  }
  void TearDown() override {
    stopTouching();
    CacheTest::TearDown();
  }

  ListSite<1, 2, 3> S{"lease.cpp:1:slow"};
  std::chrono::microseconds RunDelay{std::chrono::milliseconds(20)};
  int Reports[2] = {-1, -1};
  std::vector<pid_t> Children;
  pid_t Killed = 0;
  std::thread Toucher;
  std::atomic<bool> StopTouching{false};
};

TEST_F(CacheLeaseTest, SixteenProcessesOnAColdCacheTuneOnce) {
  startChildren(16);
  expectOneTuning(finish(), 16);
}

TEST_F(CacheLeaseTest, TunerKilledMidTuningIsTakenOverByOne) {
  RunDelay = std::chrono::milliseconds(50);
  startChildren(16);
  Killed = leaseHolder(10);
  ASSERT_GT(Killed, 0);
  ASSERT_NE(std::find(Children.begin(), Children.end(), Killed),
            Children.end());
  ASSERT_EQ(::kill(Killed, SIGKILL), 0);
  int Status = 0;
  ASSERT_EQ(::waitpid(Killed, &Status, 0), Killed);
  EXPECT_TRUE(WIFSIGNALED(Status));

  expectOneTuning(finish(), 15); // all but the one killed
}

TEST_F(CacheLeaseTest, TunerKeepsItsLeaseFreshForLongerThanTheLeaseTime) {
  // A tuning of about 1.5 s under a lease of 1 s: the others see it touched.
  setEnv("AUTOTUNE_LEASE_SECONDS", "1");
  RunDelay = std::chrono::milliseconds(100);
  startChildren(4);
  expectOneTuning(finish(), 4);
}

TEST_F(CacheLeaseTest, LeaseOfAnExitedProcessIsTakenOverAtOnce) {
  pid_t Pid = leaseOfAnExitedProcess();
  // The lease time is 30 s; the holder is known gone long before.
  FakeBackend B;
  EXPECT_LT(timedCall(B), 10);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("process " + std::to_string(Pid) + " on ").size(), 1u);
  EXPECT_EQ(
      logLinesWith("stopped tuning it (it exited); tuning it here").size(), 1u);
  EXPECT_TRUE(leaseFiles().empty());
}

TEST_F(CacheLeaseTest, FreshLeaseOfAnotherHostIsWaitedFor) {
  // The result the other host is about to store, tuned elsewhere.
  std::string Tuned = pathFor(S.Info, Key);
  {
    FakeBackend B;
    B.TimeOf = secondIsFastest;
    S.call(&B, Key);
    ASSERT_EQ(B.lastLaunch(), 1u);
  }
  std::string Entry = readText(Tuned);
  ASSERT_FALSE(Entry.empty());
  ASSERT_EQ(::unlink(Tuned.c_str()), 0);
  nextRun();

  plantForeignLease();
  touchLeaseUntilStopped();
  std::thread OtherHost([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));
    std::string Problem;
    writeCacheFile(Dir, entryName(), Entry, Problem);
    stopTouching();
    ::unlink(leasePath().c_str());
  });
  FakeBackend B;
  double Waited = timedCall(B);
  OtherHost.join();
  EXPECT_GE(Waited, 1.4);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(logLinesWith("process 4242 on elsewhere is tuning it; waiting for "
                         "its result")
                .size(),
            1u);
  EXPECT_EQ(logLinesWith("tuned by process 4242 on elsewhere; waited ").size(),
            1u);
}

TEST_F(CacheLeaseTest, SilentLeaseOfAnotherHostIsTakenOverAfterTheLeaseTime) {
  setEnv("AUTOTUNE_LEASE_SECONDS", "0.5");
  plantForeignLease();
  FakeBackend B;
  EXPECT_GE(timedCall(B), 0.5);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_EQ(logLinesWith("process 4242 on elsewhere stopped tuning it (no sign "
                         "of life for ")
                .size(),
            1u);
  EXPECT_TRUE(leaseFiles().empty());
}

TEST_F(CacheLeaseTest, OldLeaseOfAnotherHostIsTakenOverAtOnce) {
  plantForeignLease(3600);
  RunDelay = std::chrono::microseconds(0);
  FakeBackend B;
  EXPECT_LT(timedCall(B), 1);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_EQ(logLinesWith("stopped tuning it (no sign of life for ").size(), 1u);
  EXPECT_TRUE(leaseFiles().empty());
}

TEST_F(CacheLeaseTest, WaitIsBoundedThenTheNextCallLooksAgain) {
  // Waits are bounded by 20 lease times: 5 s here.
  setEnv("AUTOTUNE_LEASE_SECONDS", "0.25");
  plantForeignLease();
  touchLeaseUntilStopped();
  FakeBackend B;
  double Waited = timedCall(B);
  EXPECT_GE(Waited, 5);
  EXPECT_LT(Waited, 9);
  EXPECT_EQ(B.lastLaunch(), 0u); // the default point
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("process 4242 on elsewhere is still tuning it after ")
                .size(),
            1u);

  // The other host gives up; the next call of the key tunes it here.
  stopTouching();
  ::unlink(leasePath().c_str());
  S.call(&B, Key);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_EQ(logLinesWith(Summary).size(), 1u);
}

TEST_F(CacheLeaseTest, CaptureNeverWaits) {
  plantForeignLease();
  FakeBackend B;
  B.Capturing = true;
  EXPECT_LT(timedCall(B), 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
  EXPECT_EQ(B.timedRuns(), 0u);
}

TEST_F(CacheLeaseTest, ReadOnlyCacheNeitherWaitsNorTakesALease) {
  setEnv("AUTOTUNE_CACHE", "read");
  plantForeignLease();
  std::string Planted = readText(leasePath());
  FakeBackend B;
  EXPECT_LT(timedCall(B), 10);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_EQ(readText(leasePath()), Planted);
  EXPECT_TRUE(logLinesWith("waiting").empty());
}

TEST_F(CacheLeaseTest, UnwritableDirectoryTunesWithoutALeaseOrAWord) {
  if (runningAsRoot())
    GTEST_SKIP() << "root writes a directory of mode 0500";
  std::string Problem;
  ASSERT_TRUE(makeCacheDirectory(Dir, Problem)) << Problem;
  ASSERT_EQ(::chmod(Dir.c_str(), 0500), 0);
  FakeBackend B;
  configure(B);
  S.call(&B, Key);
  EXPECT_EQ(B.lastLaunch(), Winner);
  // The one warning of a cache that cannot be written, as before leases.
  EXPECT_EQ(warnings().size(), 1u);
  EXPECT_EQ(logLinesWith("cannot write the tuning cache").size(), 1u);
}

TEST_F(CacheLeaseTest, SomethingInTheWayOfTheLeaseIsNotWaitedFor) {
  std::string Problem;
  ASSERT_TRUE(makeCacheDirectory(Dir, Problem)) << Problem;
  ASSERT_EQ(::mkdir(leasePath().c_str(), 0700), 0);
  FakeBackend B;
  EXPECT_LT(timedCall(B), 10);
  EXPECT_EQ(B.lastLaunch(), Winner);
  EXPECT_TRUE(warnings().empty());
  EXPECT_EQ(entryFiles().size(), 1u);
}

TEST_F(CacheLeaseTest, ProcessesRetuningTogetherTuneOnce) {
  {
    FakeBackend B; // an earlier result: X=2
    B.TimeOf = secondIsFastest;
    S.call(&B, Key);
  }
  nextRun();
  setEnv("AUTOTUNE_RETUNE", "1");
  // Long enough for all four to start before the first stores its result:
  // a process that starts later tunes again, as AUTOTUNE_RETUNE=1 asks.
  RunDelay = std::chrono::milliseconds(50);
  startChildren(4);
  std::vector<ChildReport> Reported = finish();
  ASSERT_EQ(Reported.size(), 4u);
  int Summaries = 0;
  for (const ChildReport &R : Reported) {
    Summaries += R.Summaries;
    EXPECT_EQ(R.Launched, Winner); // the new result, not the earlier one
  }
  EXPECT_EQ(Summaries, 1);
  EXPECT_TRUE(leaseFiles().empty());
}

TEST_F(CacheLeaseTest, LeasesAreNeitherEntriesNorTemporaryFiles) {
  std::string Lease = leaseFileName(entryName());
  EXPECT_EQ(Lease, "." + entryName() + ".lease");
  EXPECT_TRUE(isLeaseFileName(Lease));
  EXPECT_FALSE(isLeaseFileName(entryName()));
  EXPECT_FALSE(isLeaseFileName(".notanentry.json.lease"));
  EXPECT_TRUE(isLeaseEndFileName(Lease + ".0123456789abcdef.end"));
  EXPECT_FALSE(isLeaseEndFileName(Lease + ".0123456789ABCDEF.end"));
  EXPECT_FALSE(isLeaseEndFileName(Lease));

  plantForeignLease();
  writeText(Dir + "/" + Lease + ".0123456789abcdef.end", "");
  std::vector<std::string> Temporary;
  std::string Problem;
  ASSERT_TRUE(listTemporaryFiles(Dir, Temporary, Problem));
  EXPECT_TRUE(Temporary.empty());
  EXPECT_TRUE(entryFiles().empty());
  EXPECT_EQ(leaseFiles().size(), 2u);
}

TEST_F(CacheLeaseTest, OnlyStaleLeasesAreRemovedByClear) {
  std::string Lease = leaseFileName(entryName());
  plantForeignLease(); // fresh: a tuning in progress elsewhere
  EXPECT_FALSE(removeStaleLeaseFile(Dir, Lease, 600));
  setAge(leasePath(), 3600);
  EXPECT_TRUE(removeStaleLeaseFile(Dir, Lease, 600));
  EXPECT_TRUE(leaseFiles().empty());

  // A lease of a process of this machine that exited: at once.
  leaseOfAnExitedProcess();
  EXPECT_TRUE(removeStaleLeaseFile(Dir, Lease, 600));

  // The marker of a removal whose maker died: old, then removed.
  std::string End = Lease + ".0123456789abcdef.end";
  writeText(Dir + "/" + End, "autotune tuning lease\npid 4242\nhost "
                             "elsewhere\nmachine another machine\n");
  EXPECT_FALSE(removeStaleLeaseFile(Dir, End, 600));
  setAge(Dir + "/" + End, 3600);
  EXPECT_TRUE(removeStaleLeaseFile(Dir, End, 600));
  EXPECT_TRUE(leaseFiles().empty());
}

// The lease is written with fsync only where other machines may read it:
// tmpfs (/dev/shm) is this machine's, /proc is no file system a lease could
// be on and counts as a network one, as every kind not known does.
TEST(LeaseFileSystemTest, FsyncOnlyWhereOtherMachinesMayRead) {
  int Shm = ::open("/dev/shm", O_RDONLY | O_DIRECTORY);
  if (Shm < 0)
    GTEST_SKIP() << "no /dev/shm here";
  EXPECT_TRUE(isLocalFileSystem(Shm));
  ::close(Shm);
  int Proc = ::open("/proc/self/stat", O_RDONLY);
  ASSERT_GE(Proc, 0);
  EXPECT_FALSE(isLocalFileSystem(Proc));
  ::close(Proc);
  EXPECT_FALSE(isLocalFileSystem(-1));
}

} // namespace
} // namespace autotune
