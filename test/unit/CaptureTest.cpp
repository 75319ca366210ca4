// Stream capture (mustNotTune): never tune, never record; the key's winner
// if there is one, else the nearest tuned key's, else the default point.
#include "TestSupport.h"

namespace autotune {
namespace {

using CaptureTest = RuntimeTest;

TEST_F(CaptureTest, UntunedSiteRunsTheDefaultWithoutMeasuring) {
  FakeBackend B;
  B.Capturing = true;
  ThreePointSite S(/*Default=*/1);
  S.call(&B, 1);
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 1}));
}

TEST_F(CaptureTest, NothingIsRecordedSoTheNextOrdinaryCallTunes) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  B.Capturing = true;
  ThreePointSite S;
  S.call(&B, 1);
  B.Capturing = false;
  S.call(&B, 1);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0, 2}));
}

TEST_F(CaptureTest, CapturedCallUsesTheCachedWinner) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  std::size_t Timed = B.timedRuns();
  B.Capturing = true;
  S.call(&B, 1); // tuned key: the winner
  S.call(&B, 2); // new key: the nearest tuned key's winner, untuned
  EXPECT_EQ(B.timedRuns(), Timed);
  std::vector<unsigned> Launches = B.launches();
  ASSERT_EQ(Launches.size(), 3u);
  EXPECT_EQ(Launches[1], 2u);
  EXPECT_EQ(Launches[2], 2u);
  // Nothing was recorded for key 2: outside capture it is tuned.
  B.Capturing = false;
  S.call(&B, 2);
  EXPECT_GT(B.timedRuns(), Timed);
}

} // namespace
} // namespace autotune
