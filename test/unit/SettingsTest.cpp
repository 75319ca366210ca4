// The user's measurement settings: measure(time = ...), measure(cold_l2)
// and min_gain(...) on a site, AUTOTUNE_TIME_LIMIT, AUTOTUNE_COLD_L2 and
// AUTOTUNE_MIN_GAIN for the program; the site's clause wins. And what the
// log says of a decision that was a tie.
#include "TestSupport.h"
#include "support/Environment.h"

namespace autotune {
namespace {

using SettingsTest = RuntimeTest;

TEST_F(SettingsTest, SiteClausesWinOverTheProgramsVariables) {
  ThreePointSite S;
  MeasurementPolicy Default = policyFor(S.Info, environment());
  EXPECT_EQ(Default.TimeLimit, MeasurementPolicy().TimeLimit);
  EXPECT_EQ(Default.MinGain, 0);
  EXPECT_FALSE(Default.ColdL2);

  setEnv("AUTOTUNE_TIME_LIMIT", "0.2");
  setEnv("AUTOTUNE_MIN_GAIN", "0.03");
  setEnv("AUTOTUNE_COLD_L2", "1");
  MeasurementPolicy Program = policyFor(S.Info, environment());
  EXPECT_EQ(Program.TimeLimit, 0.2);
  EXPECT_EQ(Program.MinGain, 0.03);
  EXPECT_TRUE(Program.ColdL2);

  S.Info.TimeLimit = 0.05;
  S.Info.MinGain = 0;
  MeasurementPolicy Site = policyFor(S.Info, environment());
  EXPECT_EQ(Site.TimeLimit, 0.05);
  EXPECT_EQ(Site.MinGain, 0);
  setEnv("AUTOTUNE_COLD_L2", "0");
  S.Info.ColdL2 = true;
  EXPECT_TRUE(policyFor(S.Info, environment()).ColdL2);
}

// Two points whose runs spread by 6 % and cross: racing goes on to the
// limits. The time limit is the first to stop it.
double crossingNoise(unsigned I, unsigned Run) {
  const double Spread[] = {1.00e-3, 1.06e-3, 1.03e-3, 1.05e-3, 1.01e-3};
  return I == 2 ? 5e-3 : Spread[(Run + 2 * I) % 5];
}

TEST_F(SettingsTest, TimeLimitBoundsTheTimedRuns) {
  FakeBackend Unlimited;
  Unlimited.TimeOfRun = crossingNoise;
  ThreePointSite S1(0, "settings.cpp:1:unlimited");
  S1.call(&Unlimited, 1);

  setEnv("AUTOTUNE_TIME_LIMIT", "0.004");
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend Limited;
  Limited.TimeOfRun = crossingNoise;
  ThreePointSite S2(0, "settings.cpp:2:limited");
  S2.call(&Limited, 1);
  EXPECT_LT(Limited.timedRuns(), Unlimited.timedRuns());
  // 4 ms of timed runs, each about 1 ms: every contender's warm-up and a
  // timed run, then a round or two.
  EXPECT_LE(Limited.timedRunsOf(0), 4u);
  EXPECT_EQ(logLinesWith("the time limit (4 ms of timed runs, 8 ms in all) "
                         "cut measurement short")
                .size(),
            1u);
}

TEST_F(SettingsTest, ColdL2FlushesBeforeEveryRun) {
  FakeBackend Warm;
  ThreePointSite S1(0, "settings.cpp:1:warm");
  S1.call(&Warm, 1);
  EXPECT_EQ(Warm.Flushes, 0u);

  FakeBackend Cold;
  ThreePointSite S2(0, "settings.cpp:2:cold");
  S2.Info.ColdL2 = true;
  S2.call(&Cold, 1);
  // Every warm-up and timed run; not the program's own launch after them.
  EXPECT_EQ(Cold.Flushes, Cold.timedRuns());
  EXPECT_GT(Cold.Flushes, 3u);
}

TEST_F(SettingsTest, FlushThatFailsIsSaidOnceAndTuningGoesOn) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  B.FlushError = "out of memory";
  ThreePointSite S(0, "settings.cpp:1:flush");
  S.Info.ColdL2 = true;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(B.Flushes, 1u); // the first run's; the rest are timed warm
  EXPECT_EQ(logLinesWith("measure(cold_l2): the L2 could not be flushed "
                         "(out of memory); the runs from there on were timed "
                         "with a warm L2")
                .size(),
            1u);
}

TEST_F(SettingsTest, MinimumGainKeepsTheDefaultAndSaysSo) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=2 is 4 % faster than the default point, every run.
  auto FourPercent = [](unsigned I) {
    return I == 1 ? 0.96e-3 : I == 2 ? 3e-3 : 1e-3;
  };
  FakeBackend WithoutGain;
  WithoutGain.TimeOf = FourPercent;
  ThreePointSite S1(0, "settings.cpp:1:without");
  S1.call(&WithoutGain, 1);
  EXPECT_EQ(WithoutGain.lastLaunch(), 1u);
  EXPECT_EQ(logLinesWith("to fix it in the source: default(X = 2)").size(), 1u);

  setEnv("AUTOTUNE_MIN_GAIN", "0.05");
  FakeBackend WithGain;
  WithGain.TimeOf = FourPercent;
  ThreePointSite S2(0, "settings.cpp:2:with");
  S2.call(&WithGain, 1);
  EXPECT_EQ(WithGain.lastLaunch(), 0u);
  std::vector<std::string> Lines = logLinesWith("settings.cpp:2:with");
  std::vector<std::string> Summary = logLinesWith(
      "winner X=1 (the default point, kept as a tie: X=2 was 4.2 % faster, "
      "below the minimum gain of 5 %)");
  ASSERT_EQ(Summary.size(), 1u);
  // No advice to pin a point that did not win by enough to matter.
  EXPECT_EQ(Summary[0].find("to fix it in the source"), std::string::npos);
}

TEST_F(SettingsTest, TieBetweenOtherPointsGoesToTheFirstAndSaysSo) {
  setEnv("AUTOTUNE_LOG", "1");
  // X=2 and X=3 are half the default point's time, X=3 by 0.3 % the
  // faster: a tie, which X=2, first in the space, wins.
  FakeBackend B;
  B.TimeOf = [](unsigned I) {
    return I == 0 ? 2e-3 : I == 1 ? 1.003e-3 : 1e-3;
  };
  ThreePointSite S(0, "settings.cpp:1:order");
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(logLinesWith("chosen over X=3 (faster by 0.3 %, a tie) by the "
                         "order of the space")
                .size(),
            1u);
}

} // namespace
} // namespace autotune
