// autotune-cache plot draws any entry of finite numbers: whatever a cache
// file or an import lets through, and beyond (denormals, the largest
// double, equal times, one point), every drawing path (bars, heat maps and
// their colour key, an unfinished race) ends, and writes no NaN or infinity.
#include "PlotCommand.h"
#include "tune/TuningRecord.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <string>
#include <vector>

namespace autotune {
namespace {

// An entry of Params (1: bars, 2 or more: heat maps) whose points, in
// order, have the fastest runs Times (a negative time: not measured).
CacheEntry entryWithTimes(unsigned Params, const std::vector<double> &Times) {
  CacheEntry E;
  E.Site = E.Name = "drawn";
  E.File = "drawn.cpp";
  for (unsigned P = 0; P < Params; ++P)
    E.Params.push_back(std::string(1, static_cast<char>('A' + P)));
  for (std::size_t I = 0; I < Times.size(); ++I) {
    CachedVariant V;
    V.Point.assign(Params, 0);
    V.Point.back() = static_cast<long long>(I % 2);
    V.Point.front() += static_cast<long long>(I / 2);
    V.Status = statusName(Times[I] < 0 ? VariantStatus::NotMeasured
                                       : VariantStatus::Measured);
    V.Best = V.Median = Times[I];
    E.Variants.push_back(V);
  }
  E.Winner = E.Default = E.Variants.front().Point;
  E.SpeedUp = 1;
  E.TunedAt = "2025-01-31T12:00:00Z";
  return E;
}

std::size_t count(const std::string &Text, const std::string &Part) {
  std::size_t N = 0;
  for (std::size_t At = Text.find(Part); At != std::string::npos;
       At = Text.find(Part, At + 1))
    ++N;
  return N;
}

// Drawn whole: no NaN or infinity in the text, and an axis to read the
// times on (a NaN drawn as 0 would leave a bar chart without ticks, a
// colour key without its times).
void expectDrawn(const CacheEntry &E) {
  std::string Svg = plotSvg("drawn", {E});
  ASSERT_NE(Svg.find("</svg>"), std::string::npos);
  for (const char *Bad : {"nan", "inf", "NaN", "Inf"})
    EXPECT_EQ(Svg.find(Bad), std::string::npos) << Bad << " in\n" << Svg;
  if (E.Params.size() == 1) {
    // The grid lines of the time axis: 0 and at least one time above it.
    EXPECT_GE(count(Svg, "stroke=\"#e4e4e4\""), 2u) << Svg;
    return;
  }
  double Fastest = -1, Slowest = -1;
  for (const CachedVariant &V : E.Variants)
    if (V.Best > 0) {
      Fastest = Fastest < 0 ? V.Best : std::min(Fastest, V.Best);
      Slowest = std::max(Slowest, V.Best);
    }
  // The colour key's times: the fastest, three between, the slowest.
  std::size_t Legend = Svg.find("class=\"colour-legend\"");
  if (Fastest < 0)
    EXPECT_EQ(Legend, std::string::npos);
  else
    EXPECT_EQ(count(Svg.substr(Legend), "<line"), Slowest > Fastest ? 5u : 1u)
        << Svg;
}

TEST(PlotTest, DenormalBesideAMicrosecondOnAHeatMap) {
  // The reproducer: the colour scale's span was an infinite ratio, its
  // position NaN, and the palette's index garbage (SIGSEGV).
  expectDrawn(entryWithTimes(2, {5e-324, 1e-6}));
  expectDrawn(entryWithTimes(3, {5e-324, 1e-6, DBL_MAX, 1e-300}));
}

TEST(PlotTest, ExtremeTimesAsBars) {
  expectDrawn(entryWithTimes(1, {5e-324, 1e-6}));
  expectDrawn(entryWithTimes(1, {5e-324}));
  expectDrawn(entryWithTimes(1, {DBL_MAX, 1}));
  expectDrawn(entryWithTimes(1, {DBL_MIN, DBL_MAX}));
}

TEST(PlotTest, EqualZeroAndSingleTimes) {
  for (unsigned Params : {1u, 2u}) {
    expectDrawn(entryWithTimes(Params, {1e-3, 1e-3, 1e-3}));
    expectDrawn(entryWithTimes(Params, {0, 0}));
    expectDrawn(entryWithTimes(Params, {0, 1e-3}));
    expectDrawn(entryWithTimes(Params, {2e-3}));
    expectDrawn(entryWithTimes(Params, {-1, -1}));
  }
}

TEST(PlotTest, UnfinishedAndExtremeTotals) {
  CacheEntry E = entryWithTimes(2, {5e-324, DBL_MAX});
  E.Unfinished = true;
  E.TuningSeconds = DBL_MAX;
  E.SpeedUp = DBL_MAX;
  E.TieBand = 0.5;
  E.Fastest = E.Variants.front().Point;
  expectDrawn(E);
}

} // namespace
} // namespace autotune
