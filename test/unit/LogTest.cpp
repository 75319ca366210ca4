// AUTOTUNE_LOG: one summary line per tuning at level 1 (ending with the
// default(...) clause that pins the winner), the table of every point at
// level 2, silence when all went well at level 0; a report is written
// whole, never interleaved with another tuning's.
#include "TestSupport.h"
#include "support/TextFormat.h"
#include "tune/TuningLog.h"

#include <fcntl.h>
#include <fstream>
#include <unistd.h>

namespace autotune {
namespace {

using LogTest = RuntimeTest;

TEST_F(LogTest, SummaryLineNamesSiteKeyDeviceWinnerAndSpeedUp) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.ModelOfDevice = {{0, "Fake GPU (sm_90, 132 SMs)"}};
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 4096);
  std::vector<std::string> Lines = logLines();
  ASSERT_EQ(Lines.size(), 1u);
  const std::string &L = Lines[0];
  EXPECT_EQ(L.rfind("autotune: test.cpp:1:f key=(4096) device=Fake GPU (sm_90, "
                    "132 SMs): 3/3 variants, winner X=2, 10x faster than "
                    "default (X=1), tuned in ",
                    0),
            0u)
      << L;
}

TEST_F(LogTest, SummaryCountsFailuresAndMeasuredVariants) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  B.Outcomes[2] = RunOutcome::LaunchFailed;
  ThreePointSite S;
  long long Key[] = {1, 2};
  S.call(&B, Key, 2, [](long long) {});
  std::vector<std::string> Summary = logLinesWith("winner");
  ASSERT_EQ(Summary.size(), 1u);
  EXPECT_NE(Summary[0].find("key=(1, 2)"), std::string::npos) << Summary[0];
  EXPECT_NE(Summary[0].find("3/3 variants (1 failed), winner X=2"),
            std::string::npos)
      << Summary[0];
}

TEST_F(LogTest, DefaultWinnerSaysSo) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 0 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  S.call(&B, nullptr, 0, [](long long) {});
  std::vector<std::string> Lines = logLinesWith("winner");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("winner X=1 (the default point)"), std::string::npos)
      << Lines[0];
  EXPECT_EQ(Lines[0].find("key="), std::string::npos) << Lines[0];
}

TEST_F(LogTest, LevelTwoPrintsEveryPoint) {
  setEnv("AUTOTUNE_LOG", "2");
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  B.Outcomes[2] = RunOutcome::LaunchFailed;
  ThreePointSite S;
  S.call(&B, 1);
  // What a slow tuning's summary (a real clock, on a busy machine) and a
  // warning may hold beside the rows: never counted as a row.
  logLine("site: tuned in 1 ms, 100 us of it timed");
  std::vector<std::string> Header = logLinesWith("status");
  ASSERT_EQ(Header.size(), 1u);
  EXPECT_NE(Header[0].find("median"), std::string::npos);
  EXPECT_NE(Header[0].find("runs"), std::string::npos);
  std::vector<std::string> Rows = tableRowsWith(" us ");
  ASSERT_EQ(Rows.size(), 1u); // X=2, 100 us; the others are in ms
  EXPECT_NE(Rows[0].find("winner"), std::string::npos) << Rows[0];
  EXPECT_EQ(tableRowsWith("1 ms").size(), 1u); // X=1, the default
  EXPECT_EQ(logLinesWith("(default)").size(), 1u);
  EXPECT_EQ(logLinesWith("launch failed").size(), 1u);
}

TEST_F(LogTest, LevelTwoMarksThePointsOfTheTie) {
  setEnv("AUTOTUNE_LOG", "2");
  FakeBackend B;
  // X=2 is 0.5 % faster than the default point, X=3 twice as slow: X=1
  // wins the tie it has with X=2.
  B.TimeOf = [](unsigned I) {
    return I == 0 ? 1e-3 : I == 1 ? 0.995e-3 : 2e-3;
  };
  ThreePointSite S;
  S.call(&B, 1);
  std::vector<std::string> Tie = logLinesWith("(tie)");
  ASSERT_EQ(Tie.size(), 1u);
  EXPECT_NE(Tie[0].find("  2  ok"), std::string::npos) << Tie[0];
  EXPECT_EQ(logLinesWith("winner X=1 (the default point, kept as a tie: X=2 "
                         "was 0.5 % faster")
                .size(),
            1u);
}

TEST_F(LogTest, SummaryLineEndsWithTheClauseThatPinsTheWinner) {
  setEnv("AUTOTUNE_LOG", "1");
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 4096);
  S.call(&B, 4096); // the cached winner: no tuning, no second mention
  std::vector<std::string> Lines = logLinesWith("default(");
  ASSERT_EQ(Lines.size(), 1u);
  const std::string Clause = "; to fix it in the source: default(X = 2)";
  ASSERT_GE(Lines[0].size(), Clause.size());
  EXPECT_EQ(Lines[0].substr(Lines[0].size() - Clause.size()), Clause)
      << Lines[0];
}

TEST_F(LogTest, LevelZeroDoesNotMentionTheClause) {
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 4096);
  EXPECT_TRUE(logLinesWith("default(").empty());
}

TEST_F(LogTest, LevelZeroIsSilentWhenAllGoesWell) {
  FakeBackend B;
  B.Outcomes[2] = RunOutcome::LaunchFailed; // expected in real spaces
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_TRUE(logLines().empty());
}

TEST(FormatTest, SecondsPickAUnit) {
  EXPECT_EQ(formatSeconds(12.3e-3), "12.3 ms");
  EXPECT_EQ(formatSeconds(850e-9), "850 ns");
  EXPECT_EQ(formatSeconds(2.5), "2.5 s");
  EXPECT_EQ(formatSeconds(1e-4), "100 us");
  // Every finite number is said finite (autotune-cache draws what it reads).
  EXPECT_EQ(formatSeconds(-1.5e-3), "-1.5 ms");
  EXPECT_EQ(formatSeconds(-1.7e308), "-1.7e+308 s");
  EXPECT_EQ(formatSeconds(4.9e-324), "4.94e-315 ns");
}

TEST_F(LogTest, ReportsOfConcurrentTuningsStayWhole) {
  // Four threads report tunings on stderr at once: each report's table
  // (header, one row per point, runs) follows its own summary line.
  ThreePointSite S;
  TuningRecord R;
  R.Variants.resize(3);
  for (VariantRecord &V : R.Variants) {
    V.Status = VariantStatus::Measured;
    V.Samples = {1e-3, 1.1e-3};
    V.Best = V.Median = 1e-3;
  }
  R.Winner = 1;
  char Path[] = "/tmp/autotune-log-test.XXXXXX";
  int File = ::mkstemp(Path);
  ASSERT_GE(File, 0);
  std::fflush(stderr);
  int Saved = ::dup(2);
  ::dup2(File, 2);
  testing::setLogSink({});
  std::vector<std::thread> Threads;
  for (int T = 0; T < 4; ++T)
    Threads.emplace_back([&, T] {
      for (int N = 0; N < 100; ++N)
        logTuning(S.Info, "site" + std::to_string(T), R, 2);
    });
  for (std::thread &T : Threads)
    T.join();
  std::fflush(stderr);
  ::dup2(Saved, 2);
  ::close(Saved);
  ::close(File);
  std::ifstream In(Path);
  std::vector<std::string> Lines;
  for (std::string Line; std::getline(In, Line);)
    Lines.push_back(Line);
  ::unlink(Path);
  ASSERT_EQ(Lines.size(), 400u * 6);
  for (std::size_t I = 0; I < Lines.size(); I += 6) {
    EXPECT_EQ(Lines[I].rfind("autotune: site", 0), 0u) << "line " << I;
    for (std::size_t K = 1; K < 6; ++K)
      EXPECT_EQ(Lines[I + K].rfind("autotune:  ", 0), 0u)
          << "line " << I + K << ": " << Lines[I + K];
  }
}

} // namespace
} // namespace autotune
