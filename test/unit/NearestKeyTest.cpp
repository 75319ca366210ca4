// A key that cannot be tuned (stream capture, AUTOTUNE=cached) runs the
// winner of the nearest tuned key of the same site and device model (this
// process's, or stored), said once per key at AUTOTUNE_LOG=1; the default
// point where no key is tuned. AUTOTUNE=cached never tunes or writes.
#include "CacheTestSupport.h"

#include "site/NearestKey.h"

#include <cmath>
#include <limits>

namespace autotune {
namespace {

TEST(KeyDistanceTest, FactorsAreAsFarApartAtEveryScale) {
  long long K8192 = 8192, K131072 = 131072;
  EXPECT_NEAR(keyDistance({4096}, &K8192, 1), 1, 0.001);
  EXPECT_NEAR(keyDistance({65536}, &K131072, 1), 1, 0.001);
  long long Both[] = {4096, 16};
  EXPECT_NEAR(keyDistance({4096, 16}, Both, 2), 0, 1e-12);
  long long Negative = -4096;
  EXPECT_GE(keyDistance({4096}, &Negative, 1), 64);
  long long Smallest = std::numeric_limits<long long>::min();
  EXPECT_TRUE(std::isfinite(keyDistance({1}, &Smallest, 1)));
}

TEST(KeyDistanceTest, NearestIgnoresOtherLengthsAndBreaksTiesToTheSmaller) {
  std::vector<KeyedWinner> Tuned = {
      {{65536}, 0}, {{4096}, 1}, {{1024}, 2}, {{5000, 1}, 3}};
  long long Key = 5000;
  ASSERT_NE(nearestKey(Tuned, &Key, 1), nullptr);
  EXPECT_EQ(nearestKey(Tuned, &Key, 1)->Point, 1u);
  long long Middle = 2047; // log2(1 + k) exactly between 1024 and 4096
  Tuned = {{{4095}, 0}, {{1023}, 1}};
  EXPECT_EQ(nearestKey(Tuned, &Middle, 1)->Point, 1u);
  long long Pair[] = {1, 2, 3};
  EXPECT_EQ(nearestKey(Tuned, Pair, 3), nullptr);
}

using NearestKeyTest = CacheTest;

// Tunes S for keys 4096 (X=2, index 1, is fastest) and 64 (X=3, index 2).
void tuneTwoSizes(SameSpaceSite &S, FakeBackend &B) {
  long long Size = 4096;
  B.TimeOf = [&Size](unsigned I) {
    return I == (Size >= 1024 ? 1u : 2u) ? 1e-4 : 1e-3;
  };
  S.call(&B, Size);
  Size = 64;
  S.call(&B, Size);
  B.TimeOf = [](unsigned) { return 1e-3; };
}

TEST_F(NearestKeyTest, CaptureUsesTheNearestKeyOfThisProcessAndSaysSo) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  SameSpaceSite S;
  tuneTwoSizes(S, B);
  std::size_t Timed = B.timedRuns();
  B.Capturing = true;
  S.call(&B, 5000);
  S.call(&B, 5000);
  S.call(&B, 100);
  EXPECT_EQ(B.timedRuns(), Timed);
  std::vector<unsigned> L = B.launches();
  ASSERT_EQ(L.size(), 5u);
  EXPECT_EQ(L[2], 1u);
  EXPECT_EQ(L[3], 1u);
  EXPECT_EQ(L[4], 2u);
  std::vector<std::string> Notes = logLinesWith("nearest tuned key");
  ASSERT_EQ(Notes.size(), 2u); // once per key
  EXPECT_EQ(Notes[0],
            "autotune: test.cpp:1:f key=(5000) device=fake device: not tuned "
            "(met during stream capture); using the winner of the nearest "
            "tuned key (4096): X=2");
  EXPECT_NE(Notes[1].find("key=(100)"), std::string::npos) << Notes[1];
  EXPECT_NE(Notes[1].find("(64): X=3"), std::string::npos) << Notes[1];
}

TEST_F(NearestKeyTest, CachedModeUsesStoredKeysAndNeverTunes) {
  FakeBackend B;
  SameSpaceSite S;
  tuneTwoSizes(S, B);
  ASSERT_EQ(entryFiles().size(), 2u);

  nextRun();
  setEnv("AUTOTUNE", "cached");
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend Next;
  SameSpaceSite Again;
  Again.call(&Next, 4096);  // its own entry
  Again.call(&Next, 10000); // nearest: 4096
  Again.call(&Next, 10000); // the borrowed winner, from the table
  Again.call(&Next, 50);    // nearest: 64
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.launches(), (std::vector<unsigned>{1, 1, 1, 2}));
  EXPECT_EQ(entryFiles().size(), 2u);
  std::vector<std::string> Notes = logLinesWith("(AUTOTUNE=cached)");
  ASSERT_EQ(Notes.size(), 2u);
  EXPECT_NE(Notes[0].find("key=(10000)"), std::string::npos) << Notes[0];
  EXPECT_NE(Notes[0].find("nearest tuned key (4096): X=2"), std::string::npos)
      << Notes[0];
  // A borrowed winner is not a tuned key: 6000 is nearest to 4096, not to
  // the borrowed 10000.
  Again.call(&Next, 6000);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  EXPECT_NE(logLinesWith("key=(6000)").at(0).find("(4096)"), std::string::npos);
}

TEST_F(NearestKeyTest, CachedModeWithoutResultsRunsTheDefaultPoint) {
  setEnv("AUTOTUNE", "cached");
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S(/*Default=*/1);
  S.call(&B, 7);
  S.call(&B, 7);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 1}));
  EXPECT_TRUE(entryFiles().empty());
  EXPECT_TRUE(logLines().empty());
}

TEST_F(NearestKeyTest, OtherDeviceModelsAndSitesAreNotNear) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "GPU A"}};
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  SameSpaceSite S;
  S.call(&B, 4096);
  nextRun();
  setEnv("AUTOTUNE", "cached");
  FakeBackend OtherModel;
  OtherModel.ModelOfDevice = {{0, "GPU B"}};
  SameSpaceSite Again;
  Again.call(&OtherModel, 4096);
  EXPECT_EQ(OtherModel.lastLaunch(), 0u);
  ListSite<1, 2, 3> OtherSite("other-site");
  FakeBackend SameModel;
  SameModel.ModelOfDevice = {{0, "GPU A"}};
  OtherSite.call(&SameModel, 4096);
  EXPECT_EQ(SameModel.lastLaunch(), 0u);
  EXPECT_EQ(OtherModel.timedRuns() + SameModel.timedRuns(), 0u);
}

} // namespace
} // namespace autotune
