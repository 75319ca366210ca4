// Several processes tuning into one cache directory at once: every entry of
// every process arrives, a reader running beside them never sees a partial
// file, and processes that write the same entry leave one valid file.
#include "CacheTestSupport.h"

#include <fcntl.h>
#include <sys/wait.h>

#include <chrono>

namespace autotune {
namespace {

constexpr int Writers = 10;
constexpr int KeysPerWriter = 4;
constexpr long long SharedKey = -1; // written by every writer

unsigned winnerFor(long long Key) { return unsigned(((Key % 3) + 3) % 3); }

struct Sites {
  ListSite<1, 2, 3> A{"conc.cpp:1:a"}, B{"conc.cpp:2:b"}, C{"conc.cpp:3:c"};
  ListSite<1, 2, 3> &operator[](int I) { return I == 0 ? A : I == 1 ? B : C; }
};

// Exit codes of the children: 0 fine, anything else a failure (below).
enum ChildFailure { WarningLogged = 2, WrongLaunch = 3, PartialFileSeen = 4 };

void waitForStart(int Fd) {
  char C;
  while (::read(Fd, &C, 1) < 0 && errno == EINTR) {
  }
}

[[noreturn]] void writer(int Index, int StartFd, FakeBackend &B,
                         const std::function<std::size_t()> &Warnings) {
  waitForStart(StartFd);
  Sites S;
  auto &Site = S[Index % 3];
  auto Tune = [&](ListSite<1, 2, 3> &Site, long long Key) {
    B.TimeOf = [Key](unsigned I) { return I == winnerFor(Key) ? 1e-4 : 1e-3; };
    Site.call(&B, Key);
    if (B.lastLaunch() != winnerFor(Key))
      ::_exit(WrongLaunch);
  };
  for (int K = 0; K < KeysPerWriter; ++K)
    Tune(Site, Index * 100 + K);
  Tune(S[0], SharedKey);
  ::_exit(Warnings() ? WarningLogged : 0);
}

// Reads every entry over and over until StopFd becomes readable.
[[noreturn]] void reader(const std::string &Dir, int StartFd, int StopFd) {
  waitForStart(StartFd);
  ::fcntl(StopFd, F_SETFL, O_NONBLOCK);
  for (;;) {
    char C;
    bool Stop = ::read(StopFd, &C, 1) >= 0;
    std::vector<std::string> Names;
    std::string Problem;
    listCacheFiles(Dir, Names, Problem);
    for (const std::string &Name : Names) {
      CacheEntry E;
      if (readCacheFile(Dir + "/" + Name, E, Problem) == ReadStatus::Invalid)
        ::_exit(PartialFileSeen);
    }
    if (Stop)
      ::_exit(0);
  }
}

using CacheConcurrencyTest = CacheTest;

TEST_F(CacheConcurrencyTest, ProcessesTuningAtOnceLoseNoEntry) {
  FakeBackend B;
  B.RunDelay = std::chrono::microseconds(200);
  int Start[2], Stop[2];
  ASSERT_EQ(::pipe(Start), 0);
  ASSERT_EQ(::pipe(Stop), 0);
  std::vector<pid_t> Children;
  auto Warnings = [this] { return warnings().size(); };
  for (int I = 0; I < Writers; ++I) {
    pid_t Pid = ::fork();
    ASSERT_GE(Pid, 0);
    if (Pid == 0) {
      ::close(Start[1]);
      writer(I, Start[0], B, Warnings);
    }
    Children.push_back(Pid);
  }
  pid_t Reader = ::fork();
  ASSERT_GE(Reader, 0);
  if (Reader == 0) {
    ::close(Start[1]);
    ::close(Stop[1]);
    reader(Dir, Start[0], Stop[0]);
  }
  ::close(Start[0]);
  ::close(Start[1]); // every child starts now
  ::close(Stop[0]);

  for (pid_t Pid : Children) {
    int Status = 0;
    ASSERT_EQ(::waitpid(Pid, &Status, 0), Pid);
    EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
        << "writer exit status " << Status;
  }
  ASSERT_EQ(::write(Stop[1], "x", 1), 1);
  ::close(Stop[1]);
  int Status = 0;
  ASSERT_EQ(::waitpid(Reader, &Status, 0), Reader);
  EXPECT_TRUE(WIFEXITED(Status) && WEXITSTATUS(Status) == 0)
      << "reader exit status " << Status << " (4: a partial file was read)";

  // Every entry is there, valid, and nothing half-written is left behind.
  EXPECT_EQ(entryFiles().size(), std::size_t(Writers * KeysPerWriter + 1));
  std::vector<std::string> Temporary;
  std::string Problem;
  ASSERT_TRUE(listTemporaryFiles(Dir, Temporary, Problem));
  EXPECT_TRUE(Temporary.empty());

  // The next run finds every winner without measuring.
  nextRun();
  FakeBackend Next;
  Sites S;
  for (int I = 0; I < Writers; ++I)
    for (int K = 0; K < KeysPerWriter; ++K) {
      long long Key = I * 100 + K;
      S[I % 3].call(&Next, Key);
      EXPECT_EQ(Next.lastLaunch(), winnerFor(Key)) << "key " << Key;
    }
  S[0].call(&Next, SharedKey);
  EXPECT_EQ(Next.lastLaunch(), winnerFor(SharedKey));
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_TRUE(warnings().empty());
}

} // namespace
} // namespace autotune
