// autotune/results.h: a site's choice for a key, read by the program: the
// winner this process tuned, the cache's result, or no point with a reason;
// tuneNow() tunes through the program's own call and returns the winner.
#include "CacheTestSupport.h"

#include "autotune/results.h"

namespace autotune {
namespace {

using ChosenPointTest = CacheTest;

TEST_F(ChosenPointTest, SiteThatHasNotRunHasNoChoice) {
  Choice C = chosenPoint("test.cpp:1:f", 7);
  EXPECT_FALSE(C);
  EXPECT_EQ(C.source(), Choice::Source::None);
  EXPECT_NE(C.reason().find("'test.cpp:1:f' has not run in this process"),
            std::string::npos)
      << C.reason();
  EXPECT_EQ(C.value("X", -1), -1);
  EXPECT_TRUE(C.names().empty());
}

TEST_F(ChosenPointTest, WinnerOfThisProcessByNameAndKey) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite S;
  S.call(&B, 7);
  Choice C = chosenPoint("test.cpp:1:f", 7);
  ASSERT_TRUE(C) << C.reason();
  EXPECT_EQ(C.source(), Choice::Source::ThisProcess);
  EXPECT_EQ(C.names(), std::vector<std::string>{"X"});
  EXPECT_EQ(C.values(), std::vector<long long>{2});
  EXPECT_EQ(C.value("X", -1), 2);
  EXPECT_EQ(C.value("Y", -1), -1);
  EXPECT_EQ(C.text(), "X=2");
  // Any integral key type; another key is not tuned.
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7u).value("X", -1), 2);
  Choice Other = chosenPoint("test.cpp:1:f", 8);
  EXPECT_FALSE(Other);
  EXPECT_NE(Other.reason().find("key=(8) device=fake device: not tuned"),
            std::string::npos)
      << Other.reason();
  // Reading never tunes.
  std::size_t Runs = B.timedRuns();
  chosenPoint("test.cpp:1:f", 9);
  EXPECT_EQ(B.timedRuns(), Runs);
}

TEST_F(ChosenPointTest, EarlierProcessResultComesFromTheCache) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  SameSpaceSite Again;
  Again.call(&Next, 5); // the site runs, with another key: 5 is tuned
  Choice C = chosenPoint("test.cpp:1:f", 7);
  ASSERT_TRUE(C) << C.reason();
  EXPECT_EQ(C.source(), Choice::Source::Cache);
  EXPECT_EQ(C.value("X", -1), 2);
  // AUTOTUNE_RETUNE=1: the site would not use it.
  setEnv("AUTOTUNE_RETUNE", "1");
  EXPECT_FALSE(chosenPoint("test.cpp:1:f", 7));
}

TEST_F(ChosenPointTest, TuningOffSaysSo) {
  setEnv("AUTOTUNE", "off");
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 7);
  Choice C = chosenPoint("test.cpp:1:f", 7);
  EXPECT_FALSE(C);
  EXPECT_EQ(C.source(), Choice::Source::Default);
  EXPECT_NE(C.reason().find("AUTOTUNE=off"), std::string::npos) << C.reason();
  // The point the site runs: its default.
  EXPECT_EQ(C.value("X", -1), 1);
  EXPECT_EQ(C.text(), "X=1");
}

// A build of default points (AUTOTUNE_POINTS=default) compiles one point a
// site: the site runs it, with nothing timed or stored, and says why.
TEST_F(ChosenPointTest, OnePointSiteRunsItUntuned) {
  FakeBackend B;
  ListSite<4> S;
  S.call(&B, 7);
  S.call(&B, 7);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0, 0}));
  EXPECT_FALSE(std::filesystem::exists(Dir)) << "a cache file was stored";
  Choice C = chosenPoint("test.cpp:1:f", 7);
  EXPECT_FALSE(C);
  EXPECT_EQ(C.source(), Choice::Source::Default);
  EXPECT_NE(C.reason().find("the site compiled one point"), std::string::npos)
      << C.reason();
  EXPECT_EQ(C.value("X", -1), 4);
}

TEST_F(ChosenPointTest, CachedModeHoldsTheNearestKeysWinner) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite S;
  S.call(&B, 4096);
  nextRun();
  setEnv("AUTOTUNE", "cached");
  FakeBackend Next;
  SameSpaceSite Again;
  auto CallAgain = [&] { Again.call(&Next, 5000); };
  Choice C = tuneNow("test.cpp:1:f", CallAgain, 5000);
  EXPECT_FALSE(C);
  EXPECT_EQ(C.source(), Choice::Source::Nearest);
  EXPECT_EQ(C.value("X", -1), 2);
  EXPECT_NE(C.reason().find("key=(5000) device=fake device: not tuned "
                            "(AUTOTUNE=cached)"),
            std::string::npos)
      << C.reason();
  EXPECT_EQ(Next.timedRuns(), 0u);
}

TEST_F(ChosenPointTest, TuneNowTunesThroughTheCallAndReturnsTheWinner) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite S;
  auto Call = [&] { S.call(&B, 64); };
  Choice C = tuneNow("test.cpp:1:f", Call, 64);
  ASSERT_TRUE(C) << C.reason();
  EXPECT_EQ(C.value("X", -1), 2);
  EXPECT_GT(B.timedRuns(), 0u);
  // The later real call dispatches without measuring.
  std::size_t Runs = B.timedRuns();
  S.call(&B, 64);
  EXPECT_EQ(B.timedRuns(), Runs);
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(ChosenPointTest, TuneNowWhoseCallMissesTheKeySaysSo) {
  FakeBackend B;
  SameSpaceSite S;
  auto CallOtherKey = [&] { S.call(&B, 32); };
  Choice C = tuneNow("test.cpp:1:f", CallOtherKey, 64);
  EXPECT_FALSE(C);
  EXPECT_NE(C.reason().find("did not reach the site with this key"),
            std::string::npos)
      << C.reason();
  Choice Nothing = tuneNow("nowhere", [] {});
  EXPECT_NE(Nothing.reason().find("(the call did not reach it)"),
            std::string::npos)
      << Nothing.reason();
}

TEST_F(ChosenPointTest, NameOfSeveralInstantiationsMustBeALabel) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite Float, Double;
  Float.Info.Name = Double.Info.Name = "scale";
  Float.Info.Function = "void scale(T *) [T = float]";
  Double.Info.Function = "void scale(T *) [T = double]";
  Float.call(&B, 1);
  Double.call(&B, 1);
  Choice Ambiguous = chosenPoint("scale", 1);
  EXPECT_FALSE(Ambiguous);
  EXPECT_NE(Ambiguous.reason().find("'scale' names 2 sites ('scale[T = "),
            std::string::npos)
      << Ambiguous.reason();
  Choice One = chosenPoint("scale[T = double]", 1);
  ASSERT_TRUE(One) << One.reason();
  EXPECT_EQ(One.value("X", -1), 2);
}

} // namespace
} // namespace autotune
