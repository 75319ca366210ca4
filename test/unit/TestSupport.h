// What every runtime unit test shares: a scripted fake Backend that counts
// what the runtime asks of it, and a fixture that gives each test a fresh
// runtime, a clean environment and the log lines it printed.
#ifndef AUTOTUNE_TEST_UNIT_TESTSUPPORT_H
#define AUTOTUNE_TEST_UNIT_TESTSUPPORT_H

#include "autotune/autotune.h"
#include "site/TestHooks.h"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

namespace autotune {

// An online run's time, ready after a number of queries.
class LateTimer final : public Backend::RunTimer {
public:
  LateTimer(unsigned Queries, double Seconds, RunResult Outcome)
      : Queries(Queries), Seconds(Seconds), Outcome(std::move(Outcome)) {}
  bool ready(double &Out, RunResult &Result) override {
    if (Queries > 0) {
      --Queries;
      return false;
    }
    Out = Seconds;
    Result = Outcome;
    return true;
  }

private:
  unsigned Queries;
  const double Seconds;
  const RunResult Outcome;
};

// A device whose timings, failures, identity and capture state are scripted.
// Timed runs execute the variant's code (so restore and verify see real
// effects) but report TimeOf(variant) as their duration.
class FakeBackend : public Backend {
public:
  std::function<double(unsigned)> TimeOf = [](unsigned) { return 1e-3; };
  // When set, instead of TimeOf: the time of variant I's Run-th run (0: its
  // warm-up), for tests whose times change from run to run.
  std::function<double(unsigned I, unsigned Run)> TimeOfRun;
  std::map<unsigned, RunOutcome> Outcomes; // variants that fail
  std::map<int, std::string> ModelOfDevice;
  std::atomic<int> Device{0};
  std::atomic<bool> Capturing{false};
  std::chrono::microseconds RunDelay{0}; // real time spent per timed run

  int currentDevice() override { return Device.load(); }
  // Any device number is a device: unnamed ones are "fake device".
  bool allDevicesOneModel() override {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (const auto &[Number, Model] : ModelOfDevice)
      if (Model != "fake device")
        return false;
    return true;
  }

  DeviceIdentity identify(int D) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++Identifies;
    auto It = ModelOfDevice.find(D);
    return {It == ModelOfDevice.end() ? "fake device" : It->second, "", ""};
  }

  bool mustNotTune(void *) override {
    return Capturing.load() || !deviceLost().empty();
  }

  // Set: the device can run nothing more (a sticky error), as deviceLost()
  // says.
  std::string Lost;
  std::string deviceLost() override {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Lost;
  }

  RunResult timeVariant(const Variants &V, unsigned I, void *,
                        double &Seconds) override {
    unsigned Run = 0;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      for (unsigned Earlier : TimedRuns)
        Run += Earlier == I;
      TimedRuns.push_back(I);
      TimingThreads.insert(std::this_thread::get_id());
    }
    if (RunDelay.count())
      std::this_thread::sleep_for(RunDelay);
    auto It = Outcomes.find(I);
    if (It != Outcomes.end() && It->second != RunOutcome::Ok)
      return {It->second, It->second == RunOutcome::Fatal
                              ? "an illegal memory access was encountered"
                              : "too many resources requested for launch"};
    V.run(I);
    Seconds = TimeOfRun ? TimeOfRun(I, Run) : TimeOf(I);
    return {};
  }

  // Online runs (startRun): a run's time is ready after this many ready()
  // queries (0: at once, as on the host), and the variants here start but
  // fail as they run, which the device says when asked.
  unsigned QueriesUntilReady = 0;
  std::map<unsigned, RunOutcome> FailWhileRunning;
  // Variants whose online runs run but lose their time (the stop event
  // could not be recorded).
  std::set<unsigned> LoseTimeOf;

  StartedRun startRun(const Variants &V, unsigned I, void *Stream) override {
    if (QueriesUntilReady == 0 && FailWhileRunning.empty() &&
        LoseTimeOf.empty())
      return Backend::startRun(V, I, Stream);
    double Seconds = 0;
    StartedRun Started;
    Started.Launch = timeVariant(V, I, Stream, Seconds);
    if (Started.Launch.Outcome != RunOutcome::Ok)
      return Started;
    Started.Ran = true;
    if (LoseTimeOf.count(I)) {
      Started.Launch = {RunOutcome::LaunchFailed,
                        "cannot record a CUDA event: out of resources"};
      return Started;
    }
    RunResult Late;
    auto It = FailWhileRunning.find(I);
    if (It != FailWhileRunning.end())
      Late = {It->second, "an illegal memory access was encountered"};
    Started.Timer =
        std::make_unique<LateTimer>(QueriesUntilReady, Seconds, Late);
    return Started;
  }

  // measure(cold_l2): flushes asked for, one before each run; each fails
  // with FlushError where it is set.
  std::size_t Flushes = 0;
  std::string FlushError;
  CopyResult flushCache(void *) override {
    std::lock_guard<std::mutex> Lock(Mutex);
    ++Flushes;
    return {FlushError};
  }

  void launch(const Variants &V, unsigned I) override {
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      Launches.push_back(I);
    }
    V.run(I);
  }

  std::size_t timedRuns() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return TimedRuns.size();
  }
  std::size_t timedRunsOf(unsigned I) {
    std::lock_guard<std::mutex> Lock(Mutex);
    std::size_t N = 0;
    for (unsigned R : TimedRuns)
      N += R == I;
    return N;
  }
  std::set<unsigned> variantsTimed() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return std::set<unsigned>(TimedRuns.begin(), TimedRuns.end());
  }
  std::vector<unsigned> launches() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Launches;
  }
  unsigned lastLaunch() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Launches.empty() ? ~0u : Launches.back();
  }
  int identifies() {
    std::lock_guard<std::mutex> Lock(Mutex);
    return Identifies;
  }
  void forgetRuns() {
    std::lock_guard<std::mutex> Lock(Mutex);
    TimedRuns.clear();
    Launches.clear();
  }

  std::mutex Mutex;
  std::vector<unsigned> TimedRuns;
  std::vector<unsigned> Launches;
  std::set<std::thread::id> TimingThreads;
  int Identifies = 0;
};

// Says of a timed run whether nothing disturbed it, as the CUDA backend
// does: not of the first run of a round (unless FirstOfRoundToo), which
// follows the backend's lead work rather than a run.
class UndisturbedBackend : public FakeBackend {
public:
  bool Undisturbed = true;
  bool FirstOfRoundToo = false;
  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    bool Prepared = Backend::timeRound(V, Runs, Stream, Prepare, Length);
    for (std::size_t K = 0; K < Runs.size(); ++K)
      Runs[K].Undisturbed = Undisturbed && (K > 0 || FirstOfRoundToo);
    return Prepared;
  }
};

// Undisturbed runs; the first run of a variant in New is its first launch
// (its kernel may have been loaded), and reads slow by Slowdown(variant), as
// a kernel's first run in a process does by a few microseconds.
class FirstLaunchBackend : public UndisturbedBackend {
public:
  std::set<unsigned> New;
  std::function<double(unsigned)> Slowdown = [](unsigned) { return 0.0; };
  explicit FirstLaunchBackend(std::function<double(unsigned)> Time) {
    TimeOfRun = [this, Time](unsigned I, unsigned Run) {
      return Run == 0 && New.count(I) ? Time(I) + Slowdown(I) : Time(I);
    };
  }
  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    std::vector<bool> First;
    std::set<unsigned> Seen = Ran;
    for (const TimedRun &Run : Runs)
      First.push_back(New.count(Run.Variant) &&
                      Seen.insert(Run.Variant).second);
    bool Prepared =
        UndisturbedBackend::timeRound(V, Runs, Stream, Prepare, Length);
    for (const TimedRun &Run : Runs) // those the round held
      Ran.insert(Run.Variant);
    for (std::size_t K = 0; K < Runs.size(); ++K)
      Runs[K].FirstLaunch = First[K];
    return Prepared;
  }

private:
  std::set<unsigned> Ran;
};

// A fresh runtime per test: no tuned results, no device identifications, no
// AUTOTUNE* variables, and the log captured in Log.
class RuntimeTest : public ::testing::Test {
protected:
  void SetUp() override {
    unsetAutotuneVariables();
    testing::setLogSink([this](const std::string &Line) {
      std::lock_guard<std::mutex> Lock(LogMutex);
      Log.push_back(Line);
    });
    testing::reloadEnvironment();
    testing::resetRuntime();
  }

  void TearDown() override {
    testing::setLogSink({});
    testing::setResultStore(nullptr);
    unsetAutotuneVariables();
    testing::reloadEnvironment();
    testing::resetRuntime();
  }

  static void unsetAutotuneVariables() {
    for (const char *Name :
         {"AUTOTUNE", "AUTOTUNE_LOG", "AUTOTUNE_RETUNE", "AUTOTUNE_CACHE",
          "AUTOTUNE_CACHE_DIR", "AUTOTUNE_RESULTS", "AUTOTUNE_STRICT",
          "AUTOTUNE_HOST_MODEL", "AUTOTUNE_LEASE_SECONDS", "AUTOTUNE_MODE",
          "AUTOTUNE_TIME_LIMIT", "AUTOTUNE_MIN_GAIN", "AUTOTUNE_COLD_L2"})
      unsetenv(Name);
  }

  void setEnv(const char *Name, const char *Value) {
    setenv(Name, Value, 1);
    testing::reloadEnvironment();
  }

  std::vector<std::string> logLines() {
    std::lock_guard<std::mutex> Lock(LogMutex);
    return Log;
  }
  // The log lines that contain Text.
  std::vector<std::string> logLinesWith(const std::string &Text) {
    std::vector<std::string> Found;
    for (const std::string &Line : logLines())
      if (Line.find(Text) != std::string::npos)
        Found.push_back(Line);
    return Found;
  }

  // The rows of AUTOTUNE_LOG=2's tables ("autotune:   2  ok  100 us ..."),
  // that contain Text: a time is looked for in its row, never in the whole
  // log, where the summary's "tuned in 1 ms" (a real clock, slower under
  // load) or a warning's time could match it too.
  std::vector<std::string> tableRowsWith(const std::string &Text) {
    std::vector<std::string> Found;
    for (const std::string &Line : logLinesWith(Text))
      if (Line.rfind("autotune:   ", 0) == 0 &&
          Line.rfind("autotune:   runs: ", 0) != 0 &&
          Line.find("status") == std::string::npos)
        Found.push_back(Line);
    return Found;
  }

  std::mutex LogMutex;
  std::vector<std::string> Log;
};

// Variant 1 (X=2 of ThreePointSite) takes a tenth of the others' time: an
// unmistakable winner.
inline double secondIsFastest(unsigned I) { return I == 1 ? 1e-4 : 1e-3; }

// Times of Run of variant I (a FakeBackend's TimeOfRun) that tie within the
// leader's noise: X=1's runs spread by 4% (1, 1.04, 1.02, 1.03 ms, over
// and over), X=2 takes 2% longer each run, X=3 five times as long. Racing
// cannot separate X=1 and X=2: they tie after TieRuns timed runs each.
inline double tieWithinTheLeadersNoise(unsigned I, unsigned Run) {
  const double OfX1[] = {1.00e-3, 1.04e-3, 1.02e-3, 1.03e-3};
  return I == 0 ? OfX1[Run % 4] : I == 1 ? OfX1[Run % 4] * 1.02 : 5e-3;
}

// A one-parameter site X = {1, 2, 3}, default X=1, as the plugin would emit
// it, and a call of it as rewritten code makes it.
struct ThreePointSite {
  static constexpr const char *Params[] = {"X"};
  static constexpr long long Points[] = {1, 2, 3};

  explicit ThreePointSite(unsigned Default = 0,
                          const char *Name = "test.cpp:1:f")
      : Info{Name,       "test.cpp", 1,       "space(X = {1, 2, 3}) key(n)",
             "f<X>(n);", 0x1234ULL,  Params,  1,
             Points,     3,          Default, 0,
             Form::Host},
        TheSite(Info) {}

  // Runs the statement once; Body(X) is the statement.
  template <class F>
  void call(Backend *B, const long long *Key, unsigned KeyCount, F &&Body,
            CallArgs Args = CallArgs()) {
    auto Variant = [&](auto P) { Body(decltype(P)::Values[0]); };
    Args.Key = Key;
    Args.KeyCount = KeyCount;
    Args.TimingBackend = B;
    TheSite.run(variants<Point<1>, Point<2>, Point<3>>(Variant), Args);
  }
  void call(Backend *B, long long Key) {
    call(B, &Key, 1, [](long long) {});
  }

  // The call as the plugin emits it: the decided winner inline, else run().
  // Returns whether it went inline.
  template <class F>
  bool callAsRewritten(Backend *B, const long long *Key, unsigned KeyCount,
                       F &&Body, CallArgs Args = CallArgs()) {
    Args.Key = Key;
    Args.KeyCount = KeyCount;
    switch (TheSite.decided(Args)) {
    case 0:
      Body(1);
      return true;
    case 1:
      Body(2);
      return true;
    case 2:
      Body(3);
      return true;
    default:
      call(B, Key, KeyCount, Body, Args);
      return false;
    }
  }

  SiteInfo Info;
  Site TheSite;
};

} // namespace autotune

#endif // AUTOTUNE_TEST_UNIT_TESTSUPPORT_H
