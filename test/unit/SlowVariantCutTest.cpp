// One very slow variant must not cost its runs' time again and again, nor
// leave the other variants a single timed run each: a variant whose warm-up
// is far slower than the fastest warm-up is cut, and the log says when the
// time limit cut measurement short. A variant whose first undisturbed run
// (its warm-up, or in a cold process a timed run) is more than 10% behind a
// run that ran before it is cut too; one whose first undisturbed run was a
// first launch is judged again at its first undisturbed timed run. The
// default point is judged at its first undisturbed timed run, and leaves the
// race instead of being cut. The fake device's times are the clock.
#include "CacheTestSupport.h"
#include "TestSupport.h"
#include "tune/Tuner.h"

namespace autotune {
namespace {

using SlowVariantCutTest = RuntimeTest;

TEST_F(SlowVariantCutTest, VerySlowVariantRunsOnlyItsWarmUp) {
  setEnv("AUTOTUNE_LOG", "2");
  FakeBackend B;
  // X=3 takes 2 s a run; X=1 and X=2 a millisecond each, a tie that
  // racing settles only after TieRuns timed runs each.
  B.TimeOf = [](unsigned I) { return I == 2 ? 2.0 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 1u);
  // Its 2 s are not charged to the others' time limit: charged, they would
  // have stopped the race after the first round.
  EXPECT_EQ(B.timedRunsOf(0), 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(B.timedRunsOf(1), 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(B.lastLaunch(), 0u);
  EXPECT_EQ(logLinesWith("variant X=3 cut: its warm-up took 2 s, 2e+03x "
                         "the fastest warm-up (1 ms); not run again")
                .size(),
            1u);
  EXPECT_EQ(logLinesWith("3/3 variants (1 cut), winner X=1 (the default "
                         "point)")
                .size(),
            1u);
  EXPECT_EQ(logLinesWith("  3  cut  ").size(), 1u); // the table's row
  EXPECT_TRUE(logLinesWith("cut measurement short").empty());
}

TEST_F(SlowVariantCutTest, SlowDefaultPointIsCutToo) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  // The default point runs first: the cut waits for every warm-up, so that
  // the order of the points does not decide.
  B.TimeOf = [](unsigned I) { return I == 0 ? 2.0 : I == 1 ? 1e-3 : 2e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 1u);
  EXPECT_GE(B.timedRunsOf(1), 2u);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(logLinesWith("default (X=1) was cut after its warm-up").size(), 1u);
}

TEST_F(SlowVariantCutTest, ShortStatementIsNeverCut) {
  FakeBackend B;
  // Fifty times slower, but under a tenth of the time limit: a hiccup of a
  // warm-up must not cut a contender, and racing drops it cheaply anyway.
  B.TimeOf = [](unsigned I) { return I == 2 ? 5e-2 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 2u); // its warm-up and the first round
}

TEST_F(SlowVariantCutTest, TenTimesSlowerIsNotYetCut) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 0.1 : 0.01; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GT(B.timedRunsOf(2), 1u);
}

TEST_F(SlowVariantCutTest, LogSaysWhenTheTimeLimitCutMeasurementShort) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  // Every variant alike slow: nothing is cut, and the warm-ups alone exceed
  // the limit, so each gets one timed run.
  B.TimeOf = [](unsigned I) { return 0.4 + 0.01 * I; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), 3u * 2);
  EXPECT_EQ(
      logLinesWith(
          "the time limit (1 s of timed runs, 2 s in all) cut measurement "
          "short: the fastest variants were not told apart")
          .size(),
      1u);
}

TEST_F(SlowVariantCutTest, CutVariantIsStoredAsCut) {
  setEnv("AUTOTUNE_LOG", "0");
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 2.0 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  // The next process finds the entry valid and uses it.
  testing::resetRuntime();
  FakeBackend Next;
  ThreePointSite Again;
  Again.call(&Next, 1);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_TRUE(logLinesWith("ignoring cache file").empty());
}

TEST_F(SlowVariantCutTest, BudgetSearchStepsPastACutPoint) {
  static constexpr const char *Params[] = {"X"};
  static constexpr long long Points[] = {1, 2, 3, 4, 5, 6};
  SiteInfo Info{
      "b.cpp:1:g", "b.cpp", 1,      "space(X = range(1, 7)) budget(4)",
      "g<X>();",   0x99,    Params, 1,
      Points,      6,       0,      4,
      Form::Host};
  Site TheSite(Info);
  FakeBackend B;
  // X=2, next to the default point, is very slow: it is cut after its
  // warm-up, counts as one point of the budget, and the search goes on.
  B.TimeOf = [](unsigned I) { return I == 1 ? 2.0 : I == 2 ? 1e-3 : 3e-3; };
  auto Variant = [](auto) {};
  CallArgs Args;
  Args.TimingBackend = &B;
  TheSite.run(
      variants<Point<1>, Point<2>, Point<3>, Point<4>, Point<5>, Point<6>>(
          Variant),
      Args);
  EXPECT_EQ(B.timedRunsOf(1), 1u);
  EXPECT_EQ(B.variantsTimed().size(), 4u);
  EXPECT_NE(B.lastLaunch(), 1u);
}

TEST_F(SlowVariantCutTest, BehindAnEarlierUndisturbedWarmUpIsCut) {
  setEnv("AUTOTUNE_LOG", "1");
  UndisturbedBackend B;
  // X=1, the default, warms up first, X=2 and X=3 after it in its round,
  // X=3 44% behind X=2, which ran before it.
  B.TimeOf = [](unsigned I) {
    return I == 1 ? 0.9e-3 : I == 2 ? 1.3e-3 : 1e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 1u); // its warm-up only
  EXPECT_GE(B.timedRunsOf(1), 2u);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(logLinesWith("variant X=3 cut: its warm-up took 1.3 ms, 1.44x a "
                         "warm-up that ran before it (900 us); not run again")
                .size(),
            1u);
}

TEST_F(SlowVariantCutTest, FirstRunOfARoundIsNotCut) {
  UndisturbedBackend B;
  // Runs of half a batch: the default point's round holds X=2 too, and
  // X=3, 30% behind them, warms up first in the next round.
  double Half = MeasurementPolicy().BatchSeconds / 2;
  B.TimeOf = [Half](unsigned I) { return I == 2 ? 1.3 * Half : Half; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 2u);
}

TEST_F(SlowVariantCutTest, WarmUpCutsOnlyVariantsAfterIt) {
  UndisturbedBackend B;
  B.FirstOfRoundToo = true;
  // X=3 is the fastest; X=2 ran before it and stays in the race although
  // it is 30% behind X=3 (4% behind the default point, before it).
  B.TimeOf = [](unsigned I) {
    return I == 0 ? 1.25e-3 : I == 1 ? 1.3e-3 : 1e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(0), 2u);
  EXPECT_GE(B.timedRunsOf(1), 2u);
  EXPECT_GE(B.timedRunsOf(2), 2u);
  EXPECT_EQ(B.lastLaunch(), 2u);
}

TEST_F(SlowVariantCutTest, WarmUpIsCutOnlyBehindByMoreThanTheMargin) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=3 8% behind X=2's warm-up before it: racing's to weigh; 12%: cut.
  long long Key = 0;
  for (double Behind : {1.08, 1.12}) {
    UndisturbedBackend B;
    B.TimeOf = [Behind](unsigned I) { return I == 2 ? Behind * 1e-3 : 1e-3; };
    ThreePointSite S;
    S.call(&B, ++Key); // a key of its own: tuned, not read from the cache
    if (Behind < 1.1)
      EXPECT_GE(B.timedRunsOf(2), 2u);
    else
      EXPECT_EQ(B.timedRunsOf(2), 1u); // its warm-up only
  }
  EXPECT_EQ(logLinesWith("variant X=3 cut: its warm-up took 1.12 ms, 1.12x a "
                         "warm-up that ran before it (1 ms); not run again")
                .size(),
            1u);
}

TEST_F(SlowVariantCutTest, DisturbedWarmUpIsNotCut) {
  UndisturbedBackend B;
  B.Undisturbed = false; // e.g. the stream was idle when it was launched
  B.TimeOf = [](unsigned I) { return I == 2 ? 1.3e-3 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 2u);
}

// Warm-ups that are never undisturbed (each launch outlasted the run before
// it, as a short kernel's may), timed runs that are unless first in their
// round, as the CUDA backend says of them.
class DisturbedWarmUpsBackend : public FakeBackend {
public:
  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    std::vector<bool> WarmUp;
    std::set<unsigned> Seen = Ran;
    for (const TimedRun &Run : Runs)
      WarmUp.push_back(Seen.insert(Run.Variant).second);
    bool Prepared = Backend::timeRound(V, Runs, Stream, Prepare, Length);
    for (const TimedRun &Run : Runs) // those the round held
      Ran.insert(Run.Variant);
    for (std::size_t K = 0; K < Runs.size(); ++K)
      Runs[K].Undisturbed = Runs[K].AskUndisturbed && K > 0 && !WarmUp[K];
    return Prepared;
  }

private:
  std::set<unsigned> Ran;
};

TEST_F(SlowVariantCutTest, BehindAtItsFirstUndisturbedTimedRunIsCut) {
  setEnv("AUTOTUNE_LOG", "1");
  DisturbedWarmUpsBackend B;
  // X=3 30% behind the others; in the first round it runs after X=2.
  B.TimeOf = [](unsigned I) { return I == 2 ? 1.3e-3 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 2u); // its warm-up and one timed run
  EXPECT_NE(B.lastLaunch(), 2u);
  EXPECT_EQ(logLinesWith("variant X=3 cut: a timed run of it took 1.3 ms, "
                         "1.3x a run that ran before it (1 ms); not run again")
                .size(),
            1u);
}

TEST_F(SlowVariantCutTest, DefaultPointBehindAtItsTimedRunLeavesTheRace) {
  setEnv("AUTOTUNE_LOG", "1");
  DisturbedWarmUpsBackend B;
  // The default point, 30% behind, runs undisturbed in the first round
  // after X=2; its warm-up (first in its round, a first run) read 1.6 ms,
  // which confirms nothing. It races no more, is not cut, and the speed-up
  // is still against it.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    return I == 0 ? (Run == 0 ? 1.6e-3 : 1.3e-3) : I == 1 ? 1e-3 : 1.05e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 2u); // its warm-up and one timed run
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_TRUE(logLinesWith("cut:").empty());
  EXPECT_EQ(logLinesWith("winner X=2, 1.3x faster than default (X=1)").size(),
            1u);
}

TEST_F(SlowVariantCutTest, DefaultPointIsNotJudgedAtItsWarmUp) {
  setEnv("AUTOTUNE_LOG", "1");
  UndisturbedBackend B;
  B.FirstOfRoundToo = true; // the default point's warm-up too, first
  // Its warm-up, 1.6 ms, is behind no run before it and agrees with
  // nothing: judged there, it would race on; judged at its first timed run
  // (1.3 ms, 30% behind X=2's), it leaves the race.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    return I == 0 ? (Run == 0 ? 1.6e-3 : 1.3e-3) : I == 1 ? 1e-3 : 1.05e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 2u); // its warm-up and one timed run
  EXPECT_TRUE(logLinesWith("cut:").empty());
}

// Each variant's runs undisturbed only where UndisturbedRun says (its Nth
// run, the warm-up counted), never otherwise; the run FailingRun names
// fails to launch.
class UndisturbedOnceBackend : public FakeBackend {
public:
  std::map<unsigned, unsigned> UndisturbedRun;
  std::map<unsigned, unsigned> FailingRun;
  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    bool Prepared = Backend::timeRound(V, Runs, Stream, Prepare, Length);
    for (TimedRun &Run : Runs) {
      unsigned Nth = RunsSoFar[Run.Variant]++;
      auto Quiet = UndisturbedRun.find(Run.Variant);
      Run.Undisturbed = Quiet != UndisturbedRun.end() && Quiet->second == Nth;
      auto Fails = FailingRun.find(Run.Variant);
      if (Fails != FailingRun.end() && Fails->second == Nth)
        Run.Result = {RunOutcome::LaunchFailed,
                      "too many resources requested for launch"};
    }
    return Prepared;
  }

private:
  std::map<unsigned, unsigned> RunsSoFar;
};

TEST_F(SlowVariantCutTest, RunsAfterTheDefaultPointLeftTheRaceDoNotCount) {
  setEnv("AUTOTUNE_LOG", "2");
  UndisturbedOnceBackend B;
  // X=2 and X=3 tie at 1 ms, racing to four timed runs each. The default
  // point's runs disagree (2, 1.6, 1.35 ms) until its third timed run, 1.3
  // ms, the first undisturbed one: it leaves the race there. Its fourth,
  // queued in the same batch, reads 0.99 ms, and is not its time.
  B.UndisturbedRun = {{0, 3}};
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    const double OfX1[] = {2e-3, 1.6e-3, 1.35e-3, 1.3e-3, 0.99e-3};
    return I == 0 ? OfX1[Run < 5 ? Run : 4] : 1e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 5u); // its warm-up and four timed runs
  EXPECT_EQ(logLinesWith("  1  ok  ").size(), 1u);
  EXPECT_EQ(tableRowsWith("1.3 ms").size(), 1u); // its best, in its row
  EXPECT_TRUE(tableRowsWith("990 us").empty());
}

TEST_F(SlowVariantCutTest, DefaultPointOutOfTheRaceBeatsSlowerTiedPoints) {
  UndisturbedOnceBackend B;
  // X=2's warm-up (1 ms) puts the default point (1.15 ms) out of the race
  // at the default's first timed run; then X=2 fails at its own. X=3 and
  // X=4 (1.2 ms each, never judged) race on and tie. The default point,
  // faster than both, is the answer, not the steadier of the tie.
  B.UndisturbedRun = {{0, 1}};
  B.FailingRun = {{1, 1}};
  B.TimeOf = [](unsigned I) {
    return I == 0 ? 1.15e-3 : I == 1 ? 1e-3 : 1.2e-3;
  };
  ListSite<1, 2, 3, 4> S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
}

TEST_F(SlowVariantCutTest, NeverJudgedAgainstItsOwnRun) {
  setEnv("AUTOTUNE_LOG", "1");
  DisturbedWarmUpsBackend B;
  // X=3's disturbed warm-up read 1 ms, the fastest of all; its first
  // undisturbed run 1.25 ms, 25% behind that warm-up but not behind the
  // others' 1.08 ms. Its fastest run is what is judged, against the others:
  // it is not cut, and it wins by it (medians are compared only among
  // points whose fastest runs tie).
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    return I == 2 ? (Run == 0 ? 1e-3 : 1.25e-3) : 1.08e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_TRUE(logLinesWith("cut:").empty());
  EXPECT_EQ(B.lastLaunch(), 2u);
}

TEST_F(SlowVariantCutTest, TimedRunWithinTheMarginIsNotCut) {
  setEnv("AUTOTUNE_LOG", "1");
  DisturbedWarmUpsBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1.08e-3 : 1e-3; }; // 8%
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 3u); // racing's to weigh: it ran again
  EXPECT_NE(B.lastLaunch(), 2u);
  EXPECT_TRUE(logLinesWith("cut:").empty());
}

TEST_F(SlowVariantCutTest, FirstLaunchSlowByLessThanTheAllowanceIsNotCut) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=3 is the fastest (45 us to 50) and new; its first run, 14 us slow,
  // reads 59 us: 18% behind X=2's warm-up before it, 9 us in all.
  FirstLaunchBackend B([](unsigned I) { return I == 2 ? 45e-6 : 50e-6; });
  B.New = {2};
  B.Slowdown = [](unsigned) { return 14e-6; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 2u);
  EXPECT_EQ(B.lastLaunch(), 2u);
  EXPECT_TRUE(logLinesWith("cut:").empty());
}

TEST_F(SlowVariantCutTest, FirstLaunchBehindBeyondTheAllowanceIsCut) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=3 takes 59 us, its first run 63: 1.26x X=2's 50 us warm-up before
  // it, and 13 us more.
  FirstLaunchBackend B([](unsigned I) { return I == 2 ? 59e-6 : 50e-6; });
  B.New = {2};
  B.Slowdown = [](unsigned) { return 4e-6; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 1u);
  EXPECT_EQ(logLinesWith("variant X=3 cut: its warm-up took 63 us, 1.26x a "
                         "warm-up that ran before it (50 us); not run again")
                .size(),
            1u);
}

TEST_F(SlowVariantCutTest, FirstLaunchKeptByTheAllowanceIsCutAtItsTimedRun) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=3 takes 56 us, 12% behind X=2's 50; its first run, 3 us slow, is 9
  // us behind, within the allowance. Its first timed run, after X=2's,
  // pays no first run and is judged again.
  FirstLaunchBackend B([](unsigned I) { return I == 2 ? 56e-6 : 50e-6; });
  B.New = {2};
  B.Slowdown = [](unsigned) { return 3e-6; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(2), 2u); // its warm-up and one timed run
  EXPECT_NE(B.lastLaunch(), 2u);
  EXPECT_EQ(logLinesWith("variant X=3 cut: a timed run of it took 56 us, "
                         "1.12x a run that ran before it (50 us); not run "
                         "again")
                .size(),
            1u);
}

TEST_F(SlowVariantCutTest, OnlyTheFirstUndisturbedRunIsJudged) {
  setEnv("AUTOTUNE_LOG", "1");
  UndisturbedBackend B;
  B.FirstOfRoundToo = true;
  // X=3's warm-up, undisturbed and as fast as the others, was judged; its
  // first timed run, 30% slow, is racing's to weigh, not a cut.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    return I == 2 && Run == 1 ? 1.3e-3 : 1e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 3u);
  EXPECT_TRUE(logLinesWith("cut:").empty());
}

} // namespace
} // namespace autotune
