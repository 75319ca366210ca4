// Results belong to a device model: devices of the same model share them,
// another model is tuned on its own.
#include "TestSupport.h"

namespace autotune {
namespace {

using DeviceModelTest = RuntimeTest;

TEST_F(DeviceModelTest, DevicesOfOneModelShareTheResult) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "Model A"}, {1, "Model A"}};
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  B.Device = 0;
  S.call(&B, 1);
  std::size_t Timed = B.timedRuns();
  B.Device = 1;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), Timed);
  EXPECT_EQ(B.lastLaunch(), 2u);
}

TEST_F(DeviceModelTest, AnotherModelTunesSeparately) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "Model A"}, {1, "Model B"}};
  B.TimeOf = [&](unsigned I) {
    unsigned Best = B.Device == 0 ? 2 : 0;
    return I == Best ? 1e-4 : 1e-3;
  };
  ThreePointSite S;
  B.Device = 0;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 2u);
  std::size_t Timed = B.timedRuns();
  B.Device = 1;
  S.call(&B, 1);
  EXPECT_GT(B.timedRuns(), Timed);
  EXPECT_EQ(B.lastLaunch(), 0u);
  // Each keeps its own winner when the program switches back and forth.
  Timed = B.timedRuns();
  B.Device = 0;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 2u);
  B.Device = 1;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
  EXPECT_EQ(B.timedRuns(), Timed);
}

TEST_F(DeviceModelTest, EachDeviceIsIdentifiedOnce) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "Model A"}, {1, "Model A"}, {2, "Model B"}};
  ThreePointSite S;
  for (int Round = 0; Round < 5; ++Round)
    for (int D = 0; D < 3; ++D) {
      B.Device = D;
      S.call(&B, 1);
    }
  EXPECT_EQ(B.identifies(), 3);
}

TEST_F(DeviceModelTest, DeviceOrdinalsBeyondTheFastTableStillWork) {
  FakeBackend B;
  B.ModelOfDevice = {{1000, "Model A"}, {1001, "Model A"}};
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  B.Device = 1000;
  S.call(&B, 1);
  std::size_t Timed = B.timedRuns();
  B.Device = 1001;
  S.call(&B, 1);
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), Timed);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(B.identifies(), 2);
}

} // namespace
} // namespace autotune
