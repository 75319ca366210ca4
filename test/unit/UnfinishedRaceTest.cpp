// An online race left unfinished in the cache (docs/cache.md, "Unfinished
// entries"): the next online run continues it from its runs, and nothing
// ever takes its leader for a winner: a blocking tuning tunes as if it were
// not there, stream capture runs its best so far, and a result stored
// meanwhile is never written over.
#include "CacheTestSupport.h"
#include "cache/ResultStore.h"
#include "tune/OnlineRace.h"

#include "autotune/results.h"

namespace autotune {
namespace {

class UnfinishedRaceTest : public CacheTest {
protected:
  // Stores what an online race of S's key 7 left after its first Runs runs,
  // each point taking what Time says: the runs of a process that exited.
  void leaveUnfinished(ThreePointSite &S, unsigned Runs,
                       double (*Time)(unsigned)) {
    OnlineRace Race(3, S.Info.DefaultPoint, /*TimesIncludeOtherWork=*/false);
    for (unsigned I = 0; I < Runs; ++I) {
      OnlineRace::Run R = Race.next();
      Race.ran(R.Point, Time(R.Point));
    }
    ASSERT_FALSE(Race.decided());
    TuningRecord Record = Race.record();
    Record.Unfinished = true;
    Record.OnlineCalls = Runs;
    long long Key = 7;
    resultStore().store(S.Info, {"fake device", "", ""}, &Key, 1, Record);
    ASSERT_TRUE(storedEntry(S).Unfinished);
  }

  CacheEntry storedEntry(ThreePointSite &S) {
    CacheEntry Entry;
    std::string Problem;
    EXPECT_EQ(readCacheFile(pathFor(S.Info, 7), Entry, Problem), ReadStatus::Ok)
        << Problem;
    return Entry;
  }

  static ThreePointSite &online(ThreePointSite &S) {
    S.Info.Mode = TuningMode::Online;
    return S;
  }

  // X=3 (index 2), or X=2 (index 1), ten times faster than the others.
  static double fastThird(unsigned I) { return I == 2 ? 1e-4 : 1e-3; }
  static double fastSecond(unsigned I) { return I == 1 ? 1e-4 : 1e-3; }
};

TEST(UnfinishedEntryFormatTest, IsVersionTwoAndReadsBack) {
  CacheEntry E;
  E.Site = E.Name = "s";
  E.Params = {"X"};
  E.Winner = E.Default = {1};
  E.Unfinished = true;
  E.UnfinishedCalls = 5;
  CachedVariant V;
  V.Point = {1};
  V.Status = "ok";
  V.WarmUp = 2e-3;
  V.Samples = {1e-3};
  E.Variants = {V};
  std::string Text = serializeCacheEntry(E);
  EXPECT_NE(Text.find("\"version\": 2"), std::string::npos) << Text;
  CacheEntry Read;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(Text, Read, Problem)) << Problem;
  EXPECT_TRUE(Read.Unfinished);
  EXPECT_EQ(Read.UnfinishedCalls, 5u);
  EXPECT_EQ(Read.Variants[0].WarmUp, 2e-3);
  EXPECT_EQ(describeUnfinished(Read),
            "unfinished: 1 of 1 points run, 5 calls so far");

  // A finished entry stays version 1, which every autotune reads.
  E.Unfinished = false;
  EXPECT_NE(serializeCacheEntry(E).find("\"version\": 1"), std::string::npos);
}

TEST_F(UnfinishedRaceTest, OnlineRunContinuesTheRace) {
  setEnv("AUTOTUNE_LOG", "1");
  ThreePointSite S;
  online(S);
  leaveUnfinished(S, 3, fastThird); // every point's warm-up
  nextRun();
  FakeBackend B;
  B.TimeOf = fastThird;
  S.call(&B, 7);
  // Not the default point's warm-up again: its first timed run.
  EXPECT_EQ(B.TimedRuns, (std::vector<unsigned>{0}));
  EXPECT_EQ(logLinesWith("continuing the online race an earlier run left "
                         "unfinished, from 3 runs of 3 of 3 points (3 calls "
                         "so far)")
                .size(),
            1u);
  for (int I = 0; I < 300 && !chosenPoint("test.cpp:1:f", 7); ++I)
    S.call(&B, 7);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  // The result replaced the unfinished entry; its calls count both runs'.
  CacheEntry Stored = storedEntry(S);
  EXPECT_FALSE(Stored.Unfinished);
  EXPECT_EQ(Stored.Winner, (std::vector<long long>{3}));
  ASSERT_EQ(Stored.Variants.size(), 3u);
  EXPECT_EQ(Stored.Variants[2].WarmUp, 1e-4);
  std::vector<std::string> Lines = logLinesWith("tuned online over ");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(
      Lines[0].find("over " + std::to_string(3 + B.timedRuns()) + " calls"),
      std::string::npos)
      << Lines[0];
}

TEST_F(UnfinishedRaceTest, BlockingTuningIgnoresItsLeader) {
  ThreePointSite S;
  online(S);
  leaveUnfinished(S, 3, fastSecond); // X=2 leads there
  nextRun();
  S.Info.Mode = TuningMode::Blocking;
  FakeBackend B;
  B.TimeOf = fastThird;
  S.call(&B, 7);
  EXPECT_GT(B.timedRuns(), 3u);
  EXPECT_EQ(chosenPoint("test.cpp:1:f", 7).value("X", -1), 3);
  EXPECT_FALSE(storedEntry(S).Unfinished);
  EXPECT_TRUE(warnings().empty());
}

TEST_F(UnfinishedRaceTest, CachedModeDoesNotTakeItsLeader) {
  ThreePointSite S;
  online(S);
  leaveUnfinished(S, 3, fastSecond);
  nextRun();
  setEnv("AUTOTUNE", "cached");
  FakeBackend B;
  S.call(&B, 7);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0})); // the default point
}

TEST_F(UnfinishedRaceTest, CaptureRunsItsBestSoFar) {
  ThreePointSite S;
  online(S);
  leaveUnfinished(S, 3, fastSecond);
  nextRun();
  FakeBackend B;
  B.Capturing = true;
  S.call(&B, 7);
  S.call(&B, 7);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 1}));
  EXPECT_TRUE(storedEntry(S).Unfinished); // nothing recorded
}

TEST_F(UnfinishedRaceTest, IsNeverWrittenOverAResult) {
  ThreePointSite S;
  FakeBackend B;
  B.TimeOf = fastThird;
  S.call(&B, 7); // blocking: the result is stored
  ASSERT_FALSE(storedEntry(S).Unfinished);
  OnlineRace Race(3, 0, false);
  Race.ran(Race.next().Point, 1e-3);
  TuningRecord Record = Race.record();
  Record.Unfinished = true;
  long long Key = 7;
  resultStore().store(S.Info, {"fake device", "", ""}, &Key, 1, Record);
  EXPECT_FALSE(storedEntry(S).Unfinished);
  EXPECT_EQ(storedEntry(S).Winner, (std::vector<long long>{3}));
}

TEST_F(UnfinishedRaceTest, RetuneStartsTheRaceOver) {
  setEnv("AUTOTUNE_LOG", "1");
  ThreePointSite S;
  online(S);
  leaveUnfinished(S, 3, fastThird);
  nextRun();
  setEnv("AUTOTUNE_RETUNE", "1");
  FakeBackend B;
  B.TimeOf = fastThird;
  S.call(&B, 7);
  EXPECT_TRUE(logLinesWith("continuing").empty());
  EXPECT_EQ(B.TimedRuns, (std::vector<unsigned>{0}));
  S.call(&B, 7);
  EXPECT_EQ(B.TimedRuns, (std::vector<unsigned>{0, 1})); // warm-ups again
}

} // namespace
} // namespace autotune
