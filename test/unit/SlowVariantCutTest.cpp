// One very slow variant must not cost its runs' time again and again, nor
// leave the other variants a single timed run each: a variant whose warm-up
// is far slower than the fastest warm-up is cut, and the log says when the
// time limit cut measurement short. A variant whose undisturbed warm-up is
// more than 20% behind one that ran before it is cut too. The fake device's
// times are the clock.
#include "TestSupport.h"
#include "Tuner.h"

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

// Says of a timed run whether nothing disturbed it, as the CUDA backend
// does: not of the first run of a round (unless FirstOfRoundToo), which
// follows the backend's lead work rather than a run.
class UndisturbedBackend : public FakeBackend {
public:
  bool Undisturbed = true;
  bool FirstOfRoundToo = false;
  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare) override {
    bool Prepared = Backend::timeRound(V, Runs, Stream, Prepare);
    for (std::size_t K = 0; K < Runs.size(); ++K)
      Runs[K].Undisturbed = Undisturbed && (K > 0 || FirstOfRoundToo);
    return Prepared;
  }
};

TEST_F(SlowVariantCutTest, BehindAnEarlierUndisturbedWarmUpIsCut) {
  setEnv("AUTOTUNE_LOG", "1");
  UndisturbedBackend B;
  // X=1, the default, warms up alone; X=2 and X=3 in one round, X=3 44%
  // behind X=2, which ran before it.
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
  // X=2 is 30% behind the default point, but first in its round.
  B.TimeOf = [](unsigned I) { return I == 1 ? 1.3e-3 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(1), 2u);
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

TEST_F(SlowVariantCutTest, WarmUpWithinTheMarginIsNotCut) {
  UndisturbedBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1.15e-3 : 1e-3; }; // 15%
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 2u);
}

TEST_F(SlowVariantCutTest, DisturbedWarmUpIsNotCut) {
  UndisturbedBackend B;
  B.Undisturbed = false; // e.g. the stream was idle when it was launched
  B.TimeOf = [](unsigned I) { return I == 2 ? 1.3e-3 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GE(B.timedRunsOf(2), 2u);
}

} // namespace
} // namespace autotune
