// After tuning, a call dispatches straight to the winner: no timed run, no
// identify(), only the launch of the chosen variant.
#include "TestSupport.h"

namespace autotune {
namespace {

using HotPathTest = RuntimeTest;

TEST_F(HotPathTest, FirstCallTunesAndLaunchesTheWinnerOnce) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 4096);
  EXPECT_EQ(B.variantsTimed(), (std::set<unsigned>{0, 1, 2}));
  ASSERT_EQ(B.launches().size(), 1u);
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(HotPathTest, LaterCallsRunTheWinnerWithoutMeasuring) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 4096);
  std::size_t TimedAfterTuning = B.timedRuns();
  int IdentifiesAfterTuning = B.identifies();
  B.forgetRuns();
  std::vector<long long> Seen;
  for (int I = 0; I < 100; ++I) {
    long long Key = 4096;
    S.call(&B, &Key, 1, [&](long long X) { Seen.push_back(X); });
  }
  EXPECT_GT(TimedAfterTuning, 0u);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.identifies(), IdentifiesAfterTuning);
  EXPECT_EQ(B.launches(), std::vector<unsigned>(100, 1u));
  EXPECT_EQ(Seen, std::vector<long long>(100, 2));
}

TEST_F(HotPathTest, SiteWithoutKeyTunesOnce) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  S.call(&B, nullptr, 0, [](long long) {});
  std::size_t Timed = B.timedRuns();
  S.call(&B, nullptr, 0, [](long long) {});
  S.call(&B, nullptr, 0, [](long long) {});
  EXPECT_EQ(B.timedRuns(), Timed);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{2, 2, 2}));
}

TEST_F(HotPathTest, TiesKeepTheDefaultPoint) {
  FakeBackend B; // every variant 1 ms
  ThreePointSite S(/*Default=*/2);
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 2u);
}

} // namespace
} // namespace autotune
