// budget(n): at most n variants are measured, and the search (not a prefix
// of the list) finds the optimum of a simple space.
#include "TestSupport.h"

#include "tune/SpaceSearch.h"

#include <array>
#include <utility>

namespace autotune {
namespace {

using BudgetSearchTest = RuntimeTest;

// An 8 x 8 grid A = range(0, 8), B = range(0, 8), row-major like the plugin's.
constexpr std::array<long long, 128> makeGrid() {
  std::array<long long, 128> P{};
  for (int I = 0; I < 64; ++I) {
    P[2 * I] = I / 8;
    P[2 * I + 1] = I % 8;
  }
  return P;
}
constexpr std::array<long long, 128> Grid = makeGrid();
constexpr const char *GridParams[] = {"A", "B"};

template <class F, std::size_t... I>
Variants gridVariants(F &Fn, std::index_sequence<I...>) {
  return variants<
      Point<static_cast<long long>(I / 8), static_cast<long long>(I % 8)>...>(
      Fn);
}

// Convex, optimum at A=5 B=2, every other point at least ten times slower.
double bowl(unsigned I) {
  long long A = Grid[2 * I], B = Grid[2 * I + 1];
  return 1e-3 * (1 + 10 * ((A - 5) * (A - 5) + (B - 2) * (B - 2)));
}

struct GridSite {
  explicit GridSite(unsigned Budget)
      : Info{"grid.cpp:1:g",
             "grid.cpp",
             1,
             "space(A = range(0, 8), B = "
             "range(0, 8)) budget(n)",
             "g<A, B>();",
             0xfeedULL,
             GridParams,
             2,
             Grid.data(),
             64,
             /*Default=*/0,
             Budget,
             Form::Host},
        TheSite(Info) {}
  void call(Backend &B) {
    auto Variant = [](auto) {};
    CallArgs Args;
    Args.TimingBackend = &B;
    TheSite.run(gridVariants(Variant, std::make_index_sequence<64>()), Args);
  }
  SiteInfo Info;
  Site TheSite;
};

TEST_F(BudgetSearchTest, MeasuresAtMostBudgetVariantsAndFindsTheOptimum) {
  for (unsigned Budget : {12u, 16u, 20u}) {
    testing::resetRuntime();
    FakeBackend B;
    B.TimeOf = bowl;
    GridSite S(Budget);
    S.call(B);
    EXPECT_LE(B.variantsTimed().size(), Budget) << "budget " << Budget;
    EXPECT_EQ(B.lastLaunch(), 5u * 8 + 2) << "budget " << Budget;
  }
}

TEST_F(BudgetSearchTest, LeftoverBudgetIsSpentOnOtherPoints) {
  FakeBackend B;
  B.TimeOf = bowl;
  GridSite S(30);
  S.call(B);
  EXPECT_EQ(B.variantsTimed().size(), 30u);
  EXPECT_EQ(B.lastLaunch(), 5u * 8 + 2);
}

TEST_F(BudgetSearchTest, BudgetAsLargeAsTheSpaceMeasuresEverything) {
  FakeBackend B;
  B.TimeOf = bowl;
  GridSite S(64);
  S.call(B);
  EXPECT_EQ(B.variantsTimed().size(), 64u);
}

TEST_F(BudgetSearchTest, StartsAtTheDefaultPoint) {
  FakeBackend B;
  B.TimeOf = bowl;
  GridSite S(5);
  S.call(B);
  ASSERT_FALSE(B.TimedRuns.empty());
  EXPECT_EQ(B.TimedRuns.front(), 0u);
}

// Points of a checkerboard (A + B even), as where((A + B) % 2 == 0) leaves
// them: a neighbour along A is two steps away.
TEST(SpaceSearchTest, SparseSpaceFollowsExistingNeighbours) {
  std::vector<long long> Points;
  for (long long A = 0; A < 8; ++A)
    for (long long B = 0; B < 8; ++B)
      if ((A + B) % 2 == 0) {
        Points.push_back(A);
        Points.push_back(B);
      }
  unsigned N = static_cast<unsigned>(Points.size() / 2);
  SiteInfo Info{"s", "s.cpp",       1, "", "", 7,         GridParams,
                2,   Points.data(), N, 0,  12, Form::Host};
  std::vector<unsigned> Measured;
  unsigned Best = 0;
  double BestTime = 1e30;
  searchSpace(Info, 12, 7, [&](unsigned I) {
    Measured.push_back(I);
    long long A = Points[2 * I], B = Points[2 * I + 1];
    Probe P;
    P.Ok = true;
    P.Seconds = 1 + (A - 6) * (A - 6) + (B - 4) * (B - 4);
    if (P.Seconds < BestTime) {
      BestTime = P.Seconds;
      Best = I;
    }
    return P;
  });
  EXPECT_LE(Measured.size(), 12u);
  EXPECT_EQ(std::set<unsigned>(Measured.begin(), Measured.end()).size(),
            Measured.size());
  EXPECT_EQ(Points[2 * Best], 6);
  EXPECT_EQ(Points[2 * Best + 1], 4);
}

TEST(SpaceSearchTest, SameSeedSameChoices) {
  SiteInfo Info{"g", "g.cpp",     1,  "", "", 1,         GridParams,
                2,   Grid.data(), 64, 0,  25, Form::Host};
  auto Run = [&](std::uint64_t Seed) {
    std::vector<unsigned> Order;
    searchSpace(Info, 25, Seed, [&](unsigned I) {
      Order.push_back(I);
      Probe P;
      P.Ok = true;
      P.Seconds = bowl(I);
      return P;
    });
    return Order;
  };
  EXPECT_EQ(Run(1), Run(1));
  EXPECT_EQ(Run(1).size(), 25u);
}

TEST(SpaceSearchTest, FailedPointsDoNotStopTheSearch) {
  // The default's neighbour along A fails; the search still leaves the
  // corner along the other axis and reaches the optimum.
  SiteInfo Info{"g", "g.cpp",     1,  "", "", 1,         GridParams,
                2,   Grid.data(), 64, 0,  40, Form::Host};
  unsigned Best = 0;
  double BestTime = 1e30;
  searchSpace(Info, 40, 3, [&](unsigned I) {
    Probe P;
    P.Ok = I != 8; // A=1 B=0
    P.Seconds = bowl(I);
    if (P.Ok && P.Seconds < BestTime) {
      BestTime = P.Seconds;
      Best = I;
    }
    return P;
  });
  EXPECT_EQ(Best, 5u * 8 + 2);
}

} // namespace
} // namespace autotune
