// A tuning that takes longer than a second says so while it runs: progress
// lines at AUTOTUNE_LOG=1 (which variant of how many, the time so far), one
// line at level 0 that says how to see more; a short tuning says nothing.
#include "TestSupport.h"

namespace autotune {
namespace {

using TuningProgressTest = RuntimeTest;

// Every run takes 220 ms of real time: the warm-ups and the first timed
// runs of three variants take about 1.3 s.
void makeSlow(FakeBackend &B) {
  B.RunDelay = std::chrono::milliseconds(220);
  B.TimeOf = secondIsFastest;
}

TEST_F(TuningProgressTest, LevelOnePrintsProgressLines) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  makeSlow(B);
  ThreePointSite S;
  S.call(&B, 7);
  std::vector<std::string> Progress = logLinesWith(": tuning: ");
  ASSERT_FALSE(Progress.empty());
  for (const std::string &Line : Progress) {
    EXPECT_EQ(Line.rfind("autotune: test.cpp:1:f key=(7) device=fake device: "
                         "tuning: ",
                         0),
              0u)
        << Line;
    EXPECT_NE(Line.find(" so far"), std::string::npos) << Line;
    bool SaysWhat = Line.find("variant ") != std::string::npos &&
                    (Line.find(" of 3 (X=") != std::string::npos ||
                     Line.find("racing the ") != std::string::npos);
    EXPECT_TRUE(SaysWhat) << Line;
  }
  // The summary line still ends the tuning.
  std::vector<std::string> Lines = logLines();
  EXPECT_NE(Lines.back().find("winner X=2"), std::string::npos) << Lines.back();
  EXPECT_TRUE(logLinesWith("taking long").empty());
}

TEST_F(TuningProgressTest, LevelZeroSaysOnceThatTuningIsTakingLong) {
  FakeBackend B;
  makeSlow(B);
  ThreePointSite S;
  S.call(&B, 7);
  std::vector<std::string> Lines = logLines();
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].rfind("autotune: test.cpp:1:f key=(7) device=fake device: "
                           "tuning is taking long (",
                           0),
            0u)
      << Lines[0];
  EXPECT_NE(Lines[0].find("3 variants); AUTOTUNE_LOG=1 shows its progress"),
            std::string::npos)
      << Lines[0];
}

TEST_F(TuningProgressTest, ShortTuningSaysNothing) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 7);
  EXPECT_TRUE(logLinesWith("tuning: ").empty());
  EXPECT_EQ(logLines().size(), 1u); // the summary
}

} // namespace
} // namespace autotune
