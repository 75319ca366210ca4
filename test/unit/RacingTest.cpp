// Measurement: clearly slower variants stop early, close contenders get the
// runs, a first launch's slow first run does not keep a variant racing, and
// the time limit bounds tuning of slow statements.
#include "TestSupport.h"
#include "tune/Tuner.h"

namespace autotune {
namespace {

using RacingTest = RuntimeTest;

TEST_F(RacingTest, ClearlySlowerVariantIsDroppedEarly) {
  FakeBackend B;
  // X=1 and X=2 tie; X=3 is ten times slower.
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-2 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_LT(B.timedRunsOf(2), B.timedRunsOf(0));
  EXPECT_LT(B.timedRunsOf(2), B.timedRunsOf(1));
  EXPECT_EQ(B.timedRunsOf(2), 2u); // warm-up and the first round
}

TEST_F(RacingTest, MedianIgnoresOutliers) {
  FakeBackend B;
  // X=2 is usually ten times faster but has rare huge outliers (every
  // third run); X=1 is steady. The median sees through the outliers.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    if (I != 1)
      return 1e-3;
    return (Run + 1) % 3 == 0 ? 1.0e-1 : 1e-4;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(RacingTest, CloseContendersGetMoreRuns) {
  FakeBackend B;
  // X=1 and X=2 are within 1% with 5% noise; X=3 is five times slower.
  const double NoiseOfX1[] = {1.00e-3, 0.95e-3, 1.05e-3};
  const double NoiseOfX2[] = {1.05e-3, 0.96e-3, 1.01e-3};
  B.TimeOfRun = [&](unsigned I, unsigned Run) {
    return I == 0 ? NoiseOfX1[Run % 3] : I == 1 ? NoiseOfX2[Run % 3] : 5e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GT(B.timedRunsOf(0), 2u);
  EXPECT_GT(B.timedRunsOf(1), 2u);
  EXPECT_EQ(B.timedRunsOf(2), 2u);
  EXPECT_EQ(B.lastLaunch(), 0u);
}

TEST_F(RacingTest, UnconfirmedFastestRunIsNotDropped) {
  FakeBackend B;
  // X=2 costs 1 ms, but its warm-up and first timed run were slowed (a busy
  // machine); X=1, the default, costs 1.5 ms every run. X=2's fastest run
  // so far (4 ms) is not confirmed by a second one, so it runs again.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    if (I != 1)
      return I == 0 ? 1.5e-3 : 9e-3;
    return Run == 0 ? 5e-3 : Run == 1 ? 4e-3 : 1e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_GT(B.timedRunsOf(1), 2u);
  EXPECT_EQ(B.timedRunsOf(2), 2u); // steady and far behind: out at once
}

TEST_F(RacingTest, ContendersWithinTheLeadersNoiseAreATie) {
  FakeBackend B;
  // X=2 is 2% slower than X=1, and X=1's own runs spread by 2.5%: more
  // runs would not separate them. They tie after TieRuns timed runs, not
  // after 48; the default point (X=1, also the faster) stays.
  B.TimeOfRun = tieWithinTheLeadersNoise;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
  EXPECT_EQ(B.timedRunsOf(0), 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(B.timedRunsOf(1), 1u + MeasurementPolicy().TieRuns);
}

TEST_F(RacingTest, ContenderWithinTheResolutionOfTheLeadersMedianRacesOn) {
  FakeBackend B;
  // The default point, X=1, is 0.5 % behind X=2 in every run: behind X=2's
  // median, but by less than the decision can resolve. It races on to a tie
  // (TieRuns timed runs each), where its typical time is known, and stays.
  B.TimeOf = [](unsigned I) {
    return I == 0 ? 1.005e-3 : I == 1 ? 1e-3 : 5e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(B.lastLaunch(), 0u);
}

TEST_F(RacingTest, ContenderBeyondTheTieBandIsOutAtTieRuns) {
  FakeBackend B;
  // X=2 leads by one fast run (0.990 ms; its others 1.000 ms); X=1, the
  // default, reads 1.004 ms every run. That is within 1 % of X=2's typical
  // time, but beyond the band of a tie with X=2's fastest run (its noise,
  // 1 %): once both have the runs a tie needs, X=1 is out, where it used to
  // race on to 48 runs. X=2 is faster by more than the band and wins.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    if (I == 1)
      return Run == 1 ? 0.990e-3 : 1.000e-3;
    return I == 0 ? 1.004e-3 : 5e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(RacingTest, WidelySpreadVariantFarBehindIsDroppedAfterFourRunsBehind) {
  FakeBackend B;
  // X=3 is 30% behind X=1 in every run, but no two of its runs come within
  // 5% of each other: it is dropped at the first round that leaves it four
  // runs or more, all behind (its warm-up and 4 timed runs), not raced to
  // 48. X=1 and X=2 tie.
  B.TimeOfRun = [](unsigned I, unsigned Run) {
    if (I != 2)
      return 1e-3;
    return 1.3e-3 * (1 + 0.08 * (8 - Run % 8));
  };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
  EXPECT_EQ(B.timedRunsOf(2), 5u);
}

TEST_F(RacingTest, TieOfFastestRunsGoesToTheSteadierContender) {
  FakeBackend B;
  // X=1 (the default) and X=2 have the same fastest run, but X=1's other
  // runs are 1.5% slower: a tie of fastest runs, which X=2, the steadier,
  // wins.
  const double OfX1[] = {1.000e-3, 1.015e-3, 1.015e-3, 1.015e-3};
  const double OfX2[] = {1.000e-3, 1.000e-3, 1.002e-3, 1.001e-3};
  B.TimeOfRun = [&](unsigned I, unsigned Run) {
    return I == 0 ? OfX1[Run % 4] : I == 1 ? OfX2[Run % 4] : 5e-3;
  };
  setEnv("AUTOTUNE_LOG", "1");
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
  // Its speed-up is by the medians it won by, not the equal fastest runs;
  // it beat the default point by them, not by the order of the space.
  EXPECT_EQ(logLinesWith("winner X=2, 1.02x faster than default (X=1)").size(),
            1u);
  EXPECT_TRUE(logLinesWith("chosen over").empty());
}

TEST_F(RacingTest, TimeLimitBoundsSlowStatements) {
  FakeBackend B;
  // Half a second per run: warm-ups alone exceed the limit; each variant
  // still gets one timed sample to be ranked by.
  B.TimeOf = [](unsigned I) { return I == 0 ? 0.5 : 0.05; };
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRunsOf(0), 2u);
  EXPECT_LE(B.timedRuns(), 3u * 4);
  EXPECT_NE(B.lastLaunch(), 0u);
}

} // namespace
} // namespace autotune
