// The decision of a tuning (RaceRules.h, choosePoint): the default point
// stays unless a point beats it by more than the resolution and the minimum
// gain; among points that cannot be told apart from the fastest, the first
// in the space's order wins; the same times always give the same winner.
#include "tune/RaceRules.h"

#include <gtest/gtest.h>

namespace autotune {
namespace {

// Points with a fastest run and a median each (milliseconds, for reading).
std::vector<PointTimes> times(std::initializer_list<PointTimes> List) {
  std::vector<PointTimes> Out;
  for (PointTimes T : List)
    Out.push_back({T.Best * 1e-3, T.Median > 0 ? T.Median * 1e-3 : -1});
  return Out;
}

const MeasurementPolicy Policy;

TEST(DecisionTest, ClearlyFasterPointReplacesTheDefault) {
  Decision C =
      choosePoint(times({{1.0, 1.0}, {0.5, 0.5}, {0.9, 0.9}}), 0, Policy);
  EXPECT_EQ(C.Winner, 1u);
  EXPECT_EQ(C.Fastest, 1u);
}

TEST(DecisionTest, DefaultWithinTheResolutionIsKept) {
  // Point 1 is 0.5 % faster than the default, whose runs are steady: the
  // resolution is Equivalent (1 %), and the default stays.
  Decision C =
      choosePoint(times({{1.0, 1.0}, {0.995, 0.995}, {2.0, 2.0}}), 0, Policy);
  EXPECT_EQ(C.Winner, 0u);
  EXPECT_EQ(C.Fastest, 1u);
  EXPECT_DOUBLE_EQ(C.Band, Policy.Equivalent);
}

TEST(DecisionTest, ResolutionFollowsTheSteadiestPointsNoiseUpToTieLimit) {
  // The fastest point's median is 2 % over its fastest run: points 2 %
  // apart cannot be told apart; at 10 % noise, the band stops at TieLimit.
  EXPECT_NEAR(resolution({1e-3, 1.02e-3}, Policy), 0.02, 1e-12);
  EXPECT_DOUBLE_EQ(resolution({1e-3, 1.10e-3}, Policy), Policy.TieLimit);
  EXPECT_DOUBLE_EQ(resolution({1e-3, -1}, Policy), Policy.Equivalent);
  Decision C =
      choosePoint(times({{1.015, 1.03}, {1.0, 1.02}, {2.0, 2.0}}), 0, Policy);
  EXPECT_EQ(C.Winner, 0u);
}

TEST(DecisionTest, DefaultBeyondTheResolutionIsReplaced) {
  Decision C =
      choosePoint(times({{1.05, 1.05}, {1.0, 1.0}, {2.0, 2.0}}), 0, Policy);
  EXPECT_EQ(C.Winner, 1u);
}

TEST(DecisionTest, TieWithoutTheDefaultGoesToTheFirstPointInTheSpace) {
  // Points 1 and 2 are within 0.5 % of each other, both 20 % ahead of the
  // default: whichever read faster, point 1 wins.
  for (double Second : {0.998, 1.0, 1.003}) {
    Decision C = choosePoint(times({{1.2, 1.2}, {1.0, 1.0}, {Second, Second}}),
                             0, Policy);
    EXPECT_EQ(C.Winner, 1u) << Second;
  }
  // The same with the default point last in the space.
  Decision C =
      choosePoint(times({{1.001, 1.001}, {1.0, 1.0}, {1.2, 1.2}}), 2, Policy);
  EXPECT_EQ(C.Winner, 0u);
  EXPECT_EQ(C.Fastest, 1u);
}

TEST(DecisionTest, EqualFastestRunsAreToldApartByTheirMedians) {
  // Point 1 ties point 2 by fastest run but is 3 % slower back to back
  // (transpose's TILE=32 ROWS=8 against ROWS=4): point 2 wins, though
  // point 1 comes first in the space.
  Decision C =
      choosePoint(times({{1.5, 1.5}, {1.0, 1.03}, {1.0, 1.0}}), 0, Policy);
  EXPECT_EQ(C.Winner, 2u);
}

TEST(DecisionTest, MinimumGainKeepsADefaultThatIsOnlySlightlySlower) {
  MeasurementPolicy WithGain;
  WithGain.MinGain = 0.05;
  std::vector<PointTimes> T = times({{1.04, 1.04}, {1.0, 1.0}, {2.0, 2.0}});
  EXPECT_EQ(choosePoint(T, 0, Policy).Winner, 1u);
  EXPECT_EQ(choosePoint(T, 0, WithGain).Winner, 0u);
  // Beyond the minimum gain, the fastest replaces it.
  T = times({{1.06, 1.06}, {1.0, 1.0}, {2.0, 2.0}});
  EXPECT_EQ(choosePoint(T, 0, WithGain).Winner, 1u);
}

TEST(DecisionTest, ReplacementMustBeatTheDefaultByTheMinimumGain) {
  // The default is 5.5 % behind the fastest (point 2), beyond a 5 % minimum
  // gain; point 1, first in the space and within the 3 % resolution of the
  // fastest, is only 2.9 % ahead of the default: not enough. Point 2 wins.
  MeasurementPolicy WithGain;
  WithGain.MinGain = 0.05;
  std::vector<PointTimes> T =
      times({{1.055, 1.055}, {1.025, 1.05}, {1.0, 1.03}});
  Decision C = choosePoint(T, 0, WithGain);
  EXPECT_NEAR(C.Band, 0.03, 1e-12);
  EXPECT_EQ(C.Winner, 2u);
}

TEST(DecisionTest, MedianCountsFromTheRunsATieNeeds) {
  // Two timed runs, one slowed (the first of a batch): their median is no
  // typical time, and it must not keep a point out of a tie.
  VariantRecord Two;
  Two.Status = VariantStatus::Measured;
  Two.Samples = {201e-6, 210e-6};
  Two.Best = 201e-6;
  Two.Median = 205.5e-6;
  EXPECT_EQ(pointTimes(Two, Policy).Best, 201e-6);
  EXPECT_LT(pointTimes(Two, Policy).Median, 0);
  VariantRecord Four = Two;
  Four.Samples = {201e-6, 210e-6, 201e-6, 201e-6};
  Four.Median = 201e-6;
  EXPECT_EQ(pointTimes(Four, Policy).Median, 201e-6);
  // With the median of two, point 1 would be out of the tie with point 2
  // (0.5 % faster, steady); without it, point 1 wins by the space's order.
  std::vector<PointTimes> T = {
      {400e-6, 400e-6 * 1.001}, pointTimes(Two, Policy), {200e-6, 200.1e-6}};
  EXPECT_EQ(choosePoint(T, 0, Policy).Winner, 1u);
  VariantRecord Cut = Two;
  Cut.Status = VariantStatus::Cut;
  EXPECT_LT(pointTimes(Cut, Policy).Best, 0);
}

TEST(DecisionTest, MedianIsTheLowerMiddleRun) {
  // 501 us led two of its four GPU rounds, and those runs read 11 and
  // 12 us slow: the mean of the middle two (509.5 us) is 1.3 % over 500 us
  // and would put the point out of its tie with it (0.2 % apart); the lower
  // middle run is its typical time.
  EXPECT_EQ(median({516e-6, 504e-6, 515e-6, 504e-6}), 504e-6);
  EXPECT_EQ(median({3.0, 1.0, 2.0}), 2.0);
  EXPECT_EQ(median({7.0}), 7.0);
  std::vector<PointTimes> T = {
      {1006e-6, 1006e-6},
      {504e-6, median({516e-6, 504e-6, 515e-6, 504e-6})},
      {503e-6, 503e-6}};
  EXPECT_EQ(choosePoint(T, 0, Policy).Winner, 1u);
}

TEST(DecisionTest, RacingJudgesByTheMeanOfTheLeadersMiddleRuns) {
  // The leader's two runs, 35.9 and 38 us: a point whose runs all read
  // 37.2 us is 3.6 % behind the faster, within 1 % of their mean (36.95),
  // and races on. (Behind the faster run alone it would be out after two
  // runs, though back to back it was 3.2 % ahead.)
  VariantRecord Leader;
  Leader.Status = VariantStatus::Measured;
  Leader.WarmUp = 36e-6;
  Leader.Samples = {35.9e-6, 38e-6};
  Leader.Best = 35.9e-6;
  Leader.Median = median(Leader.Samples);
  VariantRecord Point = Leader;
  Point.WarmUp = 37.3e-6;
  Point.Samples = {37.2e-6, 37.4e-6};
  Point.Best = 37.2e-6;
  EXPECT_FALSE(isOutOfRace(Point, Leader, 2, Policy));
  Point.Samples = {37.4e-6, 37.5e-6};
  Point.Best = Point.WarmUp = 37.4e-6;
  EXPECT_TRUE(isOutOfRace(Point, Leader, 2, Policy)); // 1.2 % behind
}

TEST(DecisionTest, PointsThatCannotWinAreNotChosen) {
  // Point 1 failed (no times); the default was cut: the fastest of the rest.
  std::vector<PointTimes> T = times({{-1, -1}, {-1, -1}, {2.0, 2.0}});
  Decision C = choosePoint(T, 0, Policy);
  EXPECT_EQ(C.Winner, 2u);
  // None can win: the default point.
  T = times({{-1, -1}, {-1, -1}, {-1, -1}});
  C = choosePoint(T, 1, Policy);
  EXPECT_EQ(C.Winner, 1u);
  EXPECT_EQ(C.Band, 0);
}

TEST(DecisionTest, MediansAreComparedOnlyAmongTiedFastestRuns) {
  // The default point has the second fastest run, 0.5 % behind point 1,
  // whose median is 33 % over the default's: the default stays. Point 2
  // has the lowest median, but a fastest run 20 % behind: its median does
  // not count against the others (under load, a median reads the load).
  std::vector<PointTimes> T = times({{0.995, 1.5}, {0.99, 2.0}, {1.2, 1.21}});
  for (double Gain : {0.0, 0.05}) {
    MeasurementPolicy P;
    P.MinGain = Gain;
    EXPECT_EQ(choosePoint(T, 0, P).Winner, 0u) << Gain;
  }
  // Without a default point that can win, the fastest run decides.
  T[0] = {-1, -1};
  EXPECT_EQ(choosePoint(T, 0, Policy).Winner, 1u);
  // A default point 50 % behind by its fastest run is replaced, whatever
  // the medians say (a loaded host: the faster point's runs preempted).
  T = times({{1.5, 1.5}, {1.0, 2.5}});
  EXPECT_EQ(choosePoint(T, 0, Policy).Winner, 1u);
}

} // namespace
} // namespace autotune
