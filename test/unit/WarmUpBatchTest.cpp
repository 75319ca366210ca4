// Warm-ups: the default point first, in a round that holds as many of the
// others as its time paces (Backend::RoundLength), then the rest queued
// together as rounds of the backend; one at a time where verify(...) reads
// each variant's outputs; a warm-up the round ran but did not time is
// warmed up again alone; a device that fails outside every run stops tuning
// without blaming a variant. Timed rounds share a batch when they are
// short.
#include "CacheTestSupport.h"
#include "TestSupport.h"
#include "tune/MeasurementPolicy.h"

#include <set>

namespace autotune {
namespace {

// Records the number of runs of each round it is given, and can end a round
// as a device backend does when a run of it failed as it ran.
class RoundRecordingBackend : public FakeBackend {
public:
  std::vector<std::size_t> Rounds;
  std::vector<unsigned> FirstOfRound; // the variant each round starts with
  // Rounds (0: the first) whose runs after the first ran but were not
  // timed.
  std::set<std::size_t> UntimedAfterFirst;
  // The round after which the device is lost, no run of it to blame.
  long LostAfterRound = -1;
  // The round before whose first restore copy the device is lost.
  long LostBeforeRound = -1;

  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    std::size_t Round = Rounds.size();
    Rounds.push_back(0); // the runs it holds, below
    FirstOfRound.push_back(Runs.empty() ? ~0u : Runs[0].Variant);
    if (LostBeforeRound == static_cast<long>(Round)) {
      std::lock_guard<std::mutex> Lock(Mutex);
      Lost = "cudaErrorIllegalAddress: an illegal memory access was "
             "encountered";
    }
    bool Prepared = Backend::timeRound(V, Runs, Stream, Prepare, Length);
    Rounds[Round] = Runs.size();
    if (UntimedAfterFirst.count(Round))
      for (std::size_t K = 1; K < Runs.size(); ++K)
        Runs[K].Ran = false;
    if (LostAfterRound == static_cast<long>(Round)) {
      for (TimedRun &Run : Runs)
        Run.Ran = false;
      std::lock_guard<std::mutex> Lock(Mutex);
      Lost = "cudaErrorIllegalAddress: an illegal memory access was "
             "encountered";
    }
    return Prepared;
  }

  // A lost device copies nothing more.
  CopyResult copy(void *Dst, const void *Src, std::size_t Bytes,
                  void *Stream) override {
    if (!deviceLost().empty())
      return {deviceLost()};
    return FakeBackend::copy(Dst, Src, Bytes, Stream);
  }
};

// One call of a three-point site with restore(Data[4]).
void callWithRestoreBuffer(RoundRecordingBackend &B) {
  ThreePointSite S;
  std::vector<int> Data(4, 7);
  Buffer Restore[] = {restoreBuffer(Data.data(), 4, "Data[4]")};
  CallArgs Args;
  Args.Restore = Restore;
  Args.RestoreCount = 1;
  long long Key = 4;
  auto Statement = [](long long) {};
  S.call(&B, &Key, 1, Statement, Args);
}

using WarmUpBatchTest = RuntimeTest;

TEST_F(WarmUpBatchTest, WarmUpsShareTheDefaultPointsRound) {
  RoundRecordingBackend B;
  B.TimeOf = [](unsigned I) { return I == 1 ? 1e-3 : 2e-3; };
  ThreePointSite S;
  S.call(&B, 1);
  ASSERT_GE(B.Rounds.size(), 2u);
  EXPECT_EQ(B.FirstOfRound[0], 0u); // X=1, the default point, first
  EXPECT_EQ(B.Rounds[0], 3u);       // X=2 and X=3 queued behind it
  EXPECT_EQ(B.lastLaunch(), 1u);
}

TEST_F(WarmUpBatchTest, DefaultPointsTimePacesItsRound) {
  RoundRecordingBackend B;
  // 8 ms a run: three fit a batch (20 ms), the fourth warms up next.
  B.TimeOf = [](unsigned) { return 8e-3; };
  ListSite<1, 2, 3, 4> S;
  S.call(&B, 1);
  ASSERT_GE(B.Rounds.size(), 2u);
  EXPECT_EQ(B.Rounds[0], 3u);
  EXPECT_EQ(B.Rounds[1], 1u);
  EXPECT_EQ(B.FirstOfRound[1], 3u); // X=4, not run in the first
}

TEST_F(WarmUpBatchTest, SlowDefaultKeepsWarmUpsApart) {
  RoundRecordingBackend B;
  // A warm-up of a batch's length: its round holds the two runs queued
  // before its time was known, and the paced batches one run each.
  B.TimeOf = [](unsigned) { return MeasurementPolicy().BatchSeconds; };
  ListSite<1, 2, 3, 4> S;
  S.call(&B, 1);
  ASSERT_GE(B.Rounds.size(), 3u);
  EXPECT_EQ(B.Rounds[0], 2u);
  EXPECT_EQ(B.Rounds[1], 1u);
  EXPECT_EQ(B.Rounds[2], 1u);
}

TEST_F(WarmUpBatchTest, DefaultPointWithoutATimeHoldsTwo) {
  RoundRecordingBackend B;
  // The default point fails to launch: nothing paces the round, which
  // holds the two runs queued; the next batch is offered every point left.
  B.Outcomes[0] = RunOutcome::LaunchFailed;
  B.TimeOf = [](unsigned) { return 1e-3; };
  ListSite<1, 2, 3, 4, 5> S;
  S.call(&B, 1);
  ASSERT_GE(B.Rounds.size(), 2u);
  EXPECT_EQ(B.Rounds[0], 2u);
  EXPECT_EQ(B.FirstOfRound[1], 2u); // X=3
  EXPECT_EQ(B.Rounds[1], 3u);       // X=3, X=4, X=5, paced by X=2's warm-up
}

TEST_F(WarmUpBatchTest, VerifyWarmsUpOneAtATime) {
  RoundRecordingBackend B;
  ThreePointSite S;
  std::vector<int> Out(4, 0);
  Buffer Verify[] = {verifyBuffer(Out.data(), 4, "Out[4]")};
  CallArgs Args;
  Args.Verify = Verify;
  Args.VerifyCount = 1;
  long long Key = 4;
  auto Fill = [&](long long X) {
    for (int I = 0; I < 4; ++I)
      Out[I] = I + (X == 3 ? 1 : 0); // X=3 is wrong
  };
  S.call(&B, &Key, 1, Fill, Args);
  ASSERT_GE(B.Rounds.size(), 3u);
  EXPECT_EQ(B.Rounds[0], 1u);
  EXPECT_EQ(B.Rounds[1], 1u);
  EXPECT_EQ(B.Rounds[2], 1u);
  EXPECT_EQ(logLinesWith("rejected").size(), 1u);
}

TEST_F(WarmUpBatchTest, UntimedWarmUpRunsAgainAlone) {
  setEnv("AUTOTUNE_LOG", "2");
  RoundRecordingBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 0.5e-3 : 1e-3; };
  B.UntimedAfterFirst = {0}; // X=2's and X=3's warm-ups, in the first
  ThreePointSite S;
  S.call(&B, 1);
  ASSERT_GE(B.Rounds.size(), 3u);
  EXPECT_EQ(B.Rounds[0], 3u);
  EXPECT_EQ(B.Rounds[1], 1u); // X=2 again
  EXPECT_EQ(B.Rounds[2], 1u); // X=3 again
  EXPECT_EQ(B.FirstOfRound[2], 2u);
  EXPECT_EQ(B.lastLaunch(), 2u);
  EXPECT_EQ(logLinesWith("runs: 3 warm-up").size(), 1u);
}

TEST_F(WarmUpBatchTest, DeviceLostOutsideTheRunsBlamesNoVariant) {
  setEnv("AUTOTUNE_LOG", "1");
  RoundRecordingBackend B;
  B.LostAfterRound = 1;
  // With a restore buffer: its copy back is not tried on a lost device
  // (it would fail, and its message would hide the device's).
  callWithRestoreBuffer(B);
  EXPECT_EQ(B.Rounds.size(), 2u); // no round after it
  EXPECT_EQ(logLinesWith("not tuned: the device failed during tuning, after "
                         "the runs that were waited for had finished "
                         "(cudaErrorIllegalAddress")
                .size(),
            1u);
  EXPECT_TRUE(logLinesWith("caused a fatal error").empty());
  EXPECT_TRUE(logLinesWith("cannot restore").empty());
}

TEST_F(WarmUpBatchTest, DeviceLostBeforeARestoreIsWhatTheLogSays) {
  setEnv("AUTOTUNE_LOG", "1");
  RoundRecordingBackend B;
  B.LostBeforeRound = 2; // the first round of timed runs
  callWithRestoreBuffer(B);
  EXPECT_EQ(logLinesWith("not tuned: the device failed during tuning").size(),
            1u);
  EXPECT_TRUE(logLinesWith("cannot restore").empty());
}

TEST_F(WarmUpBatchTest, TimedRoundsStartOneVariantFurtherOn) {
  RoundRecordingBackend B;
  // Three equal points: racing runs rounds until they tie.
  ThreePointSite S;
  S.call(&B, 1);
  ASSERT_GE(B.FirstOfRound.size(), 4u);
  // Round 0 is the warm-ups (X=1 first, then X=2 and X=3); the first
  // timed round does not start with the default point, whose warm-up was
  // already first after the backend's lead work.
  EXPECT_EQ(B.Rounds[0], 3u);
  EXPECT_NE(B.FirstOfRound[1], 0u);
  std::set<unsigned> Firsts(B.FirstOfRound.begin() + 1, B.FirstOfRound.end());
  EXPECT_GT(Firsts.size(), 1u);
}

TEST_F(WarmUpBatchTest, ShortTimedRoundsShareABatch) {
  RoundRecordingBackend B;
  // X=2 is 2% behind X=1, whose own runs spread by 4%: they tie after four
  // timed runs each (X=3, five times slower, is out after one). The
  // warm-ups, the first round, the second, then the third and fourth
  // queued together, each starting one variant further on.
  B.TimeOfRun = tieWithinTheLeadersNoise;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.Rounds, (std::vector<std::size_t>{3, 3, 2, 4}));
  std::lock_guard<std::mutex> Lock(B.Mutex);
  ASSERT_EQ(B.TimedRuns.size(), 12u);         // 3 warm-ups, 1 + 2 x 4 timed
  EXPECT_NE(B.TimedRuns[8], B.TimedRuns[10]); // the shared batch's rounds
}

} // namespace
} // namespace autotune
