// Variants that fail: skipped and reported; if all fail the default point is
// launched so the program sees the error; a fatal error stops tuning.
#include "TestSupport.h"

#include <stdexcept>

namespace autotune {
namespace {

using FailureTest = RuntimeTest;

TEST_F(FailureTest, LaunchFailureIsSkippedAndReported) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  // The fastest variant cannot launch.
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-5 : I == 1 ? 1e-4 : 1e-3; };
  B.Outcomes[2] = RunOutcome::LaunchFailed;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(B.timedRunsOf(2), 1u);
  std::vector<std::string> Failed = logLinesWith("failed to launch");
  ASSERT_EQ(Failed.size(), 1u);
  EXPECT_NE(Failed[0].find("X=3 skipped"), std::string::npos) << Failed[0];
  EXPECT_NE(Failed[0].find("too many resources"), std::string::npos);
}

TEST_F(FailureTest, EveryVariantFailingLaunchesTheDefault) {
  FakeBackend B;
  for (unsigned I = 0; I < 3; ++I)
    B.Outcomes[I] = RunOutcome::LaunchFailed;
  ThreePointSite S(/*Default=*/1);
  S.call(&B, 1);
  EXPECT_EQ(B.launches(), std::vector<unsigned>{1u});
  EXPECT_EQ(logLinesWith("every variant failed").size(), 1u);
  // Decided: later calls launch the default without measuring again.
  std::size_t Timed = B.timedRuns();
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), Timed);
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(FailureTest, FatalErrorStopsTuningAndUsesTheDefault) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-5 : 1e-3; };
  B.Outcomes[1] = RunOutcome::Fatal;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.lastLaunch(), 0u);
  // Nothing ran after the fatal variant.
  EXPECT_EQ(B.timedRunsOf(2), 0u);
  std::vector<std::string> Fatal = logLinesWith("fatal error");
  ASSERT_EQ(Fatal.size(), 1u);
  EXPECT_NE(Fatal[0].find("variant X=2"), std::string::npos) << Fatal[0];
  EXPECT_NE(Fatal[0].find("illegal memory access"), std::string::npos);
  EXPECT_NE(Fatal[0].find("default point X=1"), std::string::npos);
}

TEST_F(FailureTest, HostVariantThatThrowsIsSkipped) {
  // The real host backend: a variant that throws cannot run, like a kernel
  // that cannot launch.
  ThreePointSite S;
  long long Key = 1;
  std::vector<long long> Ran;
  EXPECT_NO_THROW(S.call(nullptr, &Key, 1, [&](long long X) {
    Ran.push_back(X);
    if (X == 1)
      throw std::runtime_error("tile too large");
  }));
  ASSERT_FALSE(Ran.empty());
  EXPECT_NE(Ran.back(), 1); // the final launch
}

TEST_F(FailureTest, HostVariantsThatAllThrowLetTheProgramSeeTheException) {
  ThreePointSite S;
  long long Key = 1;
  EXPECT_THROW(S.call(nullptr, &Key, 1,
                      [](long long) { throw std::runtime_error("boom"); }),
               std::runtime_error);
  EXPECT_EQ(logLinesWith("every variant failed").size(), 1u);
}

} // namespace
} // namespace autotune
