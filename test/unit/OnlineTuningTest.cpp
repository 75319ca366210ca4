// Online tuning through Site::run: every call runs exactly one point (a run
// of the race, a stand-in while every contender's time is still out, or the
// default point where a run failed to launch), the race decides as times
// arrive, and the winner is then every call's point, from the hot path.
#include "TestSupport.h"

#include "autotune/results.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>

namespace autotune {
namespace {

class OnlineTuningTest : public RuntimeTest {
protected:
  // X=3 (index 2) is ten times faster than the others.
  static double fastThird(unsigned I) { return I == 2 ? 1e-4 : 1e-3; }

  // One call with key 7; counts the statement's runs in Runs.
  void call(ThreePointSite &S, FakeBackend &B) {
    long long Key = 7;
    S.call(&B, &Key, 1, [this](long long) { ++Runs; });
  }

  // Calls until the key is decided, at most Limit times; the calls made.
  unsigned callUntilDecided(ThreePointSite &S, FakeBackend &B,
                            unsigned Limit = 300) {
    unsigned Calls = 0;
    while (Calls < Limit && !chosenPoint("test.cpp:1:f", 7)) {
      std::size_t Before = Runs;
      call(S, B);
      ++Calls;
      EXPECT_EQ(Runs, Before + 1) << "call " << Calls;
    }
    return Calls;
  }

  static ThreePointSite &online(ThreePointSite &S) {
    S.Info.Mode = TuningMode::Online;
    return S;
  }

  std::atomic<std::size_t> Runs{0};
};

TEST_F(OnlineTuningTest, EveryCallRunsOnePointAndTheRaceDecides) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  call(S, B);
  // The first call ran the default point alone, timed.
  EXPECT_EQ(B.timedRuns(), 1u);
  EXPECT_EQ(B.timedRunsOf(0), 1u);
  EXPECT_FALSE(chosenPoint("test.cpp:1:f", 7));

  unsigned Calls = 1 + callUntilDecided(S, B);
  ASSERT_LT(Calls, 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  // Every call before the decision was one timed run.
  EXPECT_EQ(B.timedRuns(), Calls);
  EXPECT_TRUE(B.launches().empty());

  // Decided: later calls run the winner, untimed.
  for (int I = 0; I < 5; ++I)
    call(S, B);
  EXPECT_EQ(B.timedRuns(), Calls);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>(5, 2)));
  std::vector<std::string> Lines = logLinesWith("tuned online over ");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("winner X=3"), std::string::npos) << Lines[0];
  EXPECT_NE(Lines[0].find("over " + std::to_string(Calls) + " calls"),
            std::string::npos)
      << Lines[0];
}

TEST_F(OnlineTuningTest, TimesArriveOnLaterCallsAndStandInsRunMeanwhile) {
  FakeBackend B;
  B.TimeOf = fastThird;
  // A run's time is asked for once as it starts and once on every later
  // call: the first run's time is still out on the fourth call.
  B.QueriesUntilReady = 4;
  ThreePointSite S;
  online(S);
  for (int I = 0; I < 4; ++I)
    call(S, B);
  // Three first runs, default point first, then a stand-in: every
  // contender's time is still out, and nothing is known yet.
  EXPECT_EQ(B.TimedRuns, (std::vector<unsigned>{0, 1, 2}));
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));

  unsigned Calls = callUntilDecided(S, B);
  ASSERT_LT(Calls, 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_EQ(Runs, 4 + Calls);
}

TEST_F(OnlineTuningTest, ARunThatFailsToLaunchRunsTheDefaultPointInstead) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = fastThird;
  B.Outcomes[1] = RunOutcome::LaunchFailed;
  ThreePointSite S;
  online(S);
  call(S, B); // the default point, timed
  call(S, B); // X=2 fails: the call runs the default point
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));
  EXPECT_EQ(Runs, 2u);

  ASSERT_LT(callUntilDecided(S, B), 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_EQ(B.timedRunsOf(1), 1u); // the one attempt
  EXPECT_EQ(logLinesWith("variant X=2 skipped: failed to launch").size(), 1u);
}

TEST_F(OnlineTuningTest, ADefaultPointThatFailsToLaunchRunsTheLeaderInstead) {
  FakeBackend B;
  B.TimeOf = fastThird;
  B.Outcomes[0] = RunOutcome::LaunchFailed;
  ThreePointSite S(/*Default=*/0);
  online(S);
  call(S, B); // the default point fails; nothing has run: it runs again
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));
  ASSERT_LT(callUntilDecided(S, B), 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
}

TEST_F(OnlineTuningTest, AFatalErrorEndsTheRaceWithTheDefaultPoint) {
  FakeBackend B;
  B.TimeOf = fastThird;
  B.QueriesUntilReady = 1;
  B.FailWhileRunning[1] = RunOutcome::Fatal;
  ThreePointSite S;
  online(S);
  unsigned Calls = callUntilDecided(S, B);
  ASSERT_LT(Calls, 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 1);
  std::vector<std::string> Lines = logLinesWith("caused a fatal error");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("variant X=2"), std::string::npos) << Lines[0];
  // Nothing is timed after it.
  std::size_t Timed = B.timedRuns();
  call(S, B);
  EXPECT_EQ(B.timedRuns(), Timed);
}

TEST_F(OnlineTuningTest, ADeviceLostWithNoRunToBlameEndsTheRaceUntuned) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  call(S, B);
  call(S, B);
  B.Lost = "cudaErrorIllegalAddress: an illegal memory access was encountered";
  call(S, B);
  // That call ran the default point, untimed, and ended the race.
  EXPECT_EQ(B.timedRuns(), 2u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0}));
  std::vector<std::string> Lines =
      logLinesWith("not tuned: the device became unusable during the race "
                   "(cudaErrorIllegalAddress");
  EXPECT_EQ(Lines.size(), 1u);
  call(S, B);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0, 0}));
  EXPECT_EQ(Runs, 4u);
}

TEST_F(OnlineTuningTest, ARunWhoseTimeIsLostIsNotRunAgainByTheCall) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = fastThird;
  B.LoseTimeOf = {1};
  ThreePointSite S;
  online(S);
  // callUntilDecided checks one run per call.
  ASSERT_LT(callUntilDecided(S, B), 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_TRUE(B.launches().empty());
  EXPECT_EQ(B.timedRunsOf(1), 3u);
  EXPECT_EQ(logLinesWith("variant X=2 skipped: failed to launch: its runs "
                         "gave no usable time")
                .size(),
            1u);
}

TEST_F(OnlineTuningTest, AStatementThatThrowsIsOutAndTheProgramGetsIt) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  long long Key = 7;
  auto Body = [&](long long X) {
    if (X == 2)
      throw std::runtime_error("no");
    ++Runs;
  };
  S.call(&B, &Key, 1, Body);                                   // X=1
  EXPECT_THROW(S.call(&B, &Key, 1, Body), std::runtime_error); // X=2
  for (int I = 0; I < 300 && !chosenPoint("test.cpp:1:f", 7); ++I)
    S.call(&B, &Key, 1, Body);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_EQ(B.timedRunsOf(1), 1u);
}

TEST_F(OnlineTuningTest, AHostStatementThatThrowsIsOutAndTheDefaultRuns) {
  // The host backend itself: it catches what a host statement throws.
  ThreePointSite S;
  online(S);
  long long Key = 7;
  std::vector<long long> Ran;
  auto Body = [&](long long X) {
    if (X == 2)
      throw std::runtime_error("no");
    Ran.push_back(X);
    // X=3 is the fastest by far; sleeps only ever get longer.
    std::this_thread::sleep_for(std::chrono::microseconds(X == 3 ? 50 : 2000));
  };
  S.call(nullptr, &Key, 1, Body);                  // X=1
  EXPECT_NO_THROW(S.call(nullptr, &Key, 1, Body)); // X=2 throws: X=1 runs
  EXPECT_EQ(Ran, (std::vector<long long>{1, 1}));
  for (int I = 0; I < 300 && !chosenPoint("test.cpp:1:f", 7); ++I)
    S.call(nullptr, &Key, 1, Body);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_EQ(std::count(Ran.begin(), Ran.end(), 2), 0);
}

TEST_F(OnlineTuningTest, ARaceInWhichEveryPointThrowsEndsOnTheDefaultPoint) {
  // The host backend: every point throws, and so does the default point
  // that each failed call runs instead; the program gets every exception.
  ThreePointSite S;
  online(S);
  long long Key = 7;
  unsigned Ran = 0;
  auto Body = [&](long long) {
    ++Ran;
    throw std::runtime_error("no");
  };
  for (int I = 0; I < 20; ++I)
    EXPECT_THROW(S.call(nullptr, &Key, 1, Body), std::runtime_error);
  // Three runs of the race, each followed by the default point's run; the
  // race then ended on the default point, which every later call runs.
  Choice C = chosenPoint("test.cpp:1:f", 7);
  ASSERT_TRUE(C) << C.reason();
  EXPECT_EQ(C.value("X", -1), 1);
  EXPECT_EQ(Ran, 3u + 20u);
  EXPECT_EQ(
      logLinesWith("every variant failed; launching the default point").size(),
      1u);
}

TEST_F(OnlineTuningTest, ARaceInWhichEveryPointFailsToLaunchEnds) {
  FakeBackend B;
  for (unsigned I = 0; I < 3; ++I)
    B.Outcomes[I] = RunOutcome::LaunchFailed;
  ThreePointSite S;
  online(S);
  for (int I = 0; I < 20; ++I)
    call(S, B);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 1);
  EXPECT_EQ(B.timedRuns(), 3u);
  EXPECT_EQ(logLinesWith("every variant failed").size(), 1u);
}

TEST_F(OnlineTuningTest, ACallFromInsideARunOfTheSameKeyIsNotTimed) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  long long Key = 7;
  int Depth = 0;
  std::function<void(long long)> Body = [&](long long) {
    ++Runs;
    if (Depth++ == 0)
      S.call(&B, &Key, 1, Body);
    --Depth;
  };
  for (int I = 0; I < 3; ++I)
    S.call(&B, &Key, 1, Body);
  // Three outer runs timed, three inner ones run untimed as stand-ins.
  EXPECT_EQ(B.timedRuns(), 3u);
  EXPECT_EQ(B.launches().size(), 3u);
  EXPECT_EQ(Runs, 6u);
}

TEST_F(OnlineTuningTest, CaptureRunsTheBestSoFarUntimed) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  for (int I = 0; I < 3; ++I)
    call(S, B); // every point's first run: X=3 leads
  ASSERT_FALSE(chosenPoint("test.cpp:1:f", 7));
  B.Capturing = true;
  call(S, B);
  EXPECT_EQ(B.timedRuns(), 3u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{2}));
}

TEST_F(OnlineTuningTest, APointWithoutUsableTimesIsPutOut) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 1 ? 0.0 : I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  online(S);
  ASSERT_LT(callUntilDecided(S, B), 300u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_EQ(B.timedRunsOf(1), 3u);
  EXPECT_EQ(logLinesWith("no usable time").size(), 1u);
}

TEST_F(OnlineTuningTest, ASiteWithABudgetTunesOnItsFirstCallAndSaysSo) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S).Info.Budget = 2;
  call(S, B);
  EXPECT_GT(B.timedRuns(), 1u);
  EXPECT_TRUE(chosenPoint("test.cpp:1:f", 7));
  call(S, B);
  EXPECT_EQ(
      logLinesWith("tuned on its first call, not online: budget(n)").size(),
      1u);
}

TEST_F(OnlineTuningTest, TheEnvironmentOverridesThePragma) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite Blocking(0, "test.cpp:1:f");
  setEnv("AUTOTUNE_MODE", "online");
  call(Blocking, B);
  EXPECT_EQ(B.timedRuns(), 1u);
  EXPECT_FALSE(chosenPoint("test.cpp:1:f", 7));

  testing::resetRuntime();
  B.forgetRuns();
  ThreePointSite Online(0, "test.cpp:2:g");
  online(Online);
  setEnv("AUTOTUNE_MODE", "blocking");
  long long Key = 7;
  Online.call(&B, &Key, 1, [](long long) {});
  EXPECT_GT(B.timedRuns(), 1u);
  EXPECT_TRUE(chosenPoint("test.cpp:2:g", 7));
}

TEST_F(OnlineTuningTest, ChosenPointSaysTheRaceIsOpen) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  call(S, B);
  Choice C = chosenPoint("test.cpp:1:f", 7);
  EXPECT_EQ(C.source(), Choice::Source::None);
  EXPECT_NE(C.reason().find("being tuned online (1 of 3 points run, 1 call so "
                            "far; leading: X=1)"),
            std::string::npos)
      << C.reason();
}

TEST_F(OnlineTuningTest, APointWhoseTimeIsStillOutCountsAsRun) {
  FakeBackend B;
  B.TimeOf = fastThird;
  B.QueriesUntilReady = 10;
  ThreePointSite S;
  online(S);
  call(S, B);
  call(S, B);
  Choice C = chosenPoint("test.cpp:1:f", 7);
  EXPECT_NE(C.reason().find("(2 of 3 points run, 2 calls so far; leading: "
                            "X=1)"),
            std::string::npos)
      << C.reason();
}

TEST_F(OnlineTuningTest, TuneNowTunesAnOnlineSiteOnTheCall) {
  FakeBackend B;
  B.TimeOf = fastThird;
  ThreePointSite S;
  online(S);
  auto Call = [&] { call(S, B); };
  Choice C = tuneNow("test.cpp:1:f", Call, 7);
  EXPECT_EQ(C.value("X", -1), 3);
  EXPECT_GT(B.timedRuns(), 1u);
}

} // namespace
} // namespace autotune
