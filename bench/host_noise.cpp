// Host decisions under load (issue 14, point 3): one host site whose two
// points do the same CPU work, 1.5 and 1.0 ms of it, tuned once per key for
// TUNINGS keys while HOGS busy child processes compete for the cores. Prints
// each tuning's winner and reported speed-up, then how many tunings chose
// the faster point and how many reported a speed-up within [1.3, 1.7].
// Run it with AUTOTUNE_LOG=1 (the speed-up is read from the log) and
// AUTOTUNE_CACHE=off.
//
//   host_noise [TUNINGS [HOGS [FAST_MS]]]   (defaults: 20, 2 per core, 1.0)
//
// bench/host_noise.sh runs it repeatedly; test/lit/e2e/
// HostWinnerHoldsUnderLoad.cpp is the CI test made of it.
#include <autotune/autotune.h>
#include <autotune/results.h>

#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

// CPU work that a load slows down as it slows real code: a dependent chain
// of xorshift steps, which the compiler can neither skip nor vectorise. A
// spin on the clock would not do: it ends at its deadline however little of
// the CPU it got, and sleep does not compete for the CPU at all.
volatile std::uint64_t Sink;
void burn(long Steps) {
  std::uint64_t X = 88172645463325252ull;
  for (long I = 0; I < Steps; ++I) {
    X ^= X << 13;
    X ^= X >> 7;
    X ^= X << 17;
  }
  Sink = X;
}

// Steps in a millisecond on an idle core: the fastest of a few timed
// bursts, measured before the hogs start.
long stepsPerMs() {
  const long Probe = 2000000;
  double Best = 1e30;
  for (int I = 0; I < 15; ++I) {
    auto Start = Clock::now();
    burn(Probe);
    Best = std::min(
        Best, std::chrono::duration<double>(Clock::now() - Start).count());
  }
  return static_cast<long>(Probe * 1e-3 / Best);
}

// Steps in half the faster point's work.
long Half = 0;

// Point HALVES does HALVES halves of the faster point's work: 3 (the
// default) takes 1.5 ms, 2 takes 1.0 ms (by default: FAST_MS).
template <int HALVES> void work() { burn(HALVES * Half); }

void site(int Key) {
#pragma autotune space(HALVES = {3, 2}) key(Key) name("host_noise")
  work<HALVES>();
}

// The load: busy child processes rather than threads, because "a busy
// machine" is other programs (a build, another test) with their own memory
// and no share in this process's locks or allocator. They stay in this
// session, so the scheduler's per-session group (autogroup) puts them
// beside the tuning thread: each of them takes as much of a core as it
// does, as a parallel build started from the same shell would. They die
// with this process even if it is killed (PR_SET_PDEATHSIG).
std::vector<pid_t> startHogs(int Count) {
  std::vector<pid_t> Hogs;
  pid_t Parent = getpid();
  for (int I = 0; I < Count; ++I) {
    pid_t Pid = fork();
    if (Pid == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (getppid() != Parent)
        _exit(0);
      for (volatile std::uint64_t Spin = 0;; Spin = Spin + 1) {
      }
    }
    if (Pid > 0)
      Hogs.push_back(Pid);
  }
  return Hogs;
}

void stopHogs(const std::vector<pid_t> &Hogs) {
  for (pid_t Pid : Hogs)
    kill(Pid, SIGKILL);
  for (pid_t Pid : Hogs)
    waitpid(Pid, nullptr, 0);
}

// The tuning log line of key Key, from the captured log.
std::string lineOfKey(const std::string &Log, int Key) {
  std::string Mark = "autotune: host_noise key=(" + std::to_string(Key) + ")";
  std::size_t At = Log.find(Mark);
  if (At == std::string::npos)
    return "";
  return Log.substr(At, Log.find('\n', At) - At);
}

// The speed-up the line reports ("winner HALVES=2, 1.49x faster than
// default"); 0 when the default point won or the line is missing.
double reportedSpeedUp(const std::string &Line) {
  std::size_t At = Line.find("x faster than default");
  if (At == std::string::npos)
    return 0;
  std::size_t Start = Line.rfind(' ', At);
  return std::atof(Line.c_str() + Start + 1);
}

} // namespace

int main(int Argc, char **Argv) {
  int Tunings = Argc > 1 ? std::atoi(Argv[1]) : 20;
  long Cores = sysconf(_SC_NPROCESSORS_ONLN);
  int HogCount = Argc > 2 ? std::atoi(Argv[2]) : static_cast<int>(2 * Cores);
  double FastMs = Argc > 3 ? std::atof(Argv[3]) : 1.0;
  const char *Log = std::getenv("AUTOTUNE_LOG");
  if (!Log || std::strcmp(Log, "1") != 0) {
    std::fprintf(stderr, "host_noise: run with AUTOTUNE_LOG=1\n");
    return 2;
  }
  long PerMs = stepsPerMs();
  Half = static_cast<long>(PerMs * FastMs / 2);

  // The log goes to a file while the hogs run, to be read back after.
  std::FILE *Captured = std::tmpfile();
  int Stderr = dup(2);
  std::fflush(stderr);
  dup2(fileno(Captured), 2);

  std::vector<pid_t> Hogs = startHogs(HogCount);
  // Let every hog reach its loop before the first tuning.
  burn(10 * PerMs);
  for (int Key = 0; Key < Tunings; ++Key)
    site(Key);
  stopHogs(Hogs);

  std::fflush(stderr);
  dup2(Stderr, 2);
  std::string Text;
  std::rewind(Captured);
  char Buffer[4096];
  for (std::size_t N; (N = std::fread(Buffer, 1, sizeof Buffer, Captured));)
    Text.append(Buffer, N);
  std::fputs(Text.c_str(), stderr);

  std::printf("host_noise: %d tunings, %zu hogs on %ld cores, points of "
              "%.3g and %.3g ms (%ld steps a ms)\n",
              Tunings, Hogs.size(), Cores, 1.5 * FastMs, FastMs, PerMs);
  int Faster = 0, Steady = 0;
  for (int Key = 0; Key < Tunings; ++Key) {
    long long Winner =
        autotune::chosenPoint("host_noise", Key).value("HALVES", 0);
    std::string Line = lineOfKey(Text, Key);
    double SpeedUp = reportedSpeedUp(Line);
    Faster += Winner == 2;
    Steady += Winner == 2 && SpeedUp >= 1.3 && SpeedUp <= 1.7;
    if (SpeedUp > 0)
      std::printf("tuning %d: winner HALVES=%lld, speed-up %.3g\n", Key, Winner,
                  SpeedUp);
    else // the default point won, or was cut after its warm-up
      std::printf("tuning %d: winner HALVES=%lld, no speed-up: %s\n", Key,
                  Winner, Line.c_str());
  }
  std::printf("faster point chosen: %d of %d tunings\n", Faster, Tunings);
  std::printf("speed-up within [1.3, 1.7]: %d of %d tunings\n", Steady,
              Tunings);
  return 0;
}
