// Online tuning's decision core: which point each call runs, how samples
// that arrive late, out of order or never are judged, and what is decided.
// The times are scripted; nothing sleeps or reads a clock.
#include "tune/OnlineRace.h"
#include "TestSupport.h"

#include <cmath>
#include <deque>
#include <functional>

namespace autotune {
namespace {

// The timesIncludeOtherWork() of the backend whose times the race judges:
// a device's (a run's own time) or the host's (whatever else ran too).
constexpr bool DeviceTimes = false;
constexpr bool HostTimes = true;

// The time of a point's Run-th run (0: its warm-up), in seconds.
using Timing = std::function<double(unsigned Point, unsigned Run)>;

Timing constantTimes(std::vector<double> Seconds) {
  return [Seconds](unsigned Point, unsigned) { return Seconds[Point]; };
}

// A program calling the site: each call takes what next() gives and, for a
// timed run, answers with its time before the call Latency calls later
// (1: before the next call, as a host statement does; more: as a stream
// with work queued). It checks that no point ever has two timed runs in
// flight.
struct Program {
  Program(unsigned NumPoints, unsigned DefaultPoint, Timing TimeOf,
          unsigned Latency = 1, bool TimesIncludeOtherWork = DeviceTimes)
      : Race(NumPoints, DefaultPoint, TimesIncludeOtherWork),
        TimeOf(std::move(TimeOf)), Latency(Latency), RunsOf(NumPoints, 0),
        InFlight(NumPoints, 0) {}

  OnlineRace::Run call() {
    while (!Pending.empty() && Pending.front().Due <= Calls)
      answerOldest();
    OnlineRace::Run R = Race.next();
    Ran.push_back(R.Point);
    if (R.Timed) {
      EXPECT_EQ(InFlight[R.Point]++, 0u) << "point " << R.Point;
      Pending.push_back(
          {R.Point, TimeOf(R.Point, RunsOf[R.Point]++), Calls + Latency});
    }
    ++Calls;
    return R;
  }

  void answerOldest() {
    Sample S = Pending.front();
    Pending.pop_front();
    --InFlight[S.Point];
    Race.ran(S.Point, S.Seconds);
  }

  // Calls until decided; false if Limit calls did not decide.
  bool callUntilDecided(unsigned Limit = 10000) {
    for (unsigned I = 0; I < Limit && !Race.decided(); ++I)
      call();
    return Race.decided();
  }

  struct Sample {
    unsigned Point;
    double Seconds;
    unsigned Due; // the call before which it is answered
  };
  OnlineRace Race;
  Timing TimeOf;
  unsigned Latency;
  std::vector<unsigned> RunsOf;   // timed runs of each point
  std::vector<unsigned> InFlight; // timed runs not yet answered
  std::deque<Sample> Pending;
  std::vector<unsigned> Ran; // the point of every call
  unsigned Calls = 0;
};

TEST(OnlineRaceTest, FirstCallsRunEveryPointOnceDefaultPointFirst) {
  Program P(4, 2, constantTimes({1e-3, 1e-3, 1e-3, 1e-3}));
  for (int I = 0; I < 4; ++I)
    EXPECT_TRUE(P.call().Timed);
  EXPECT_EQ(P.Ran, (std::vector<unsigned>{2, 0, 1, 3}));
}

TEST(OnlineRaceTest, ClearWinnerIsDecidedAndEveryLaterCallRunsIt) {
  Program P(3, 0, constantTimes({2e-3, 1e-3, 3e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 1u);
  EXPECT_EQ(P.Race.bestSoFar(), 1u);
  for (int I = 0; I < 100; ++I) {
    OnlineRace::Run R = P.call();
    EXPECT_EQ(R.Point, 1u);
    EXPECT_FALSE(R.Timed);
  }
  TuningRecord Record = P.Race.record();
  EXPECT_EQ(Record.Winner, 1u);
  EXPECT_FALSE(Record.AllFailed);
  EXPECT_DOUBLE_EQ(Record.speedUp(), 2.0);
}

TEST(OnlineRaceTest, TwiceSlowerPointRunsItsWarmUpAndOneTimedRun) {
  // As in the blocking tuner: a warm-up alone is not judged (the next
  // test says why); a timed run that is also far behind puts it out.
  Program P(3, 0, constantTimes({1e-3, 2e-3, 1e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.RunsOf[1], 2u);
  EXPECT_EQ(P.RunsOf[0], 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(P.RunsOf[2], 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(P.Race.winner(), 0u);
}

TEST(OnlineRaceTest, SlowWarmUpAloneDoesNotPutTheFastestPointOut) {
  // The default point's first run pays for loading its code (3 ms); its
  // runs after that take 1 ms, faster than point 1's 1.5 ms.
  Program P(2, 0, [](unsigned Point, unsigned Run) {
    return Point == 0 ? (Run == 0 ? 3e-3 : 1e-3) : 1.5e-3;
  });
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
}

TEST(OnlineRaceTest, FarSlowerWarmUpIsCut) {
  // Two seconds against a millisecond: a second run would hold a call of
  // the program for two seconds more.
  Program P(3, 0, constantTimes({1e-3, 1e-3, 2.0}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.RunsOf[2], 1u);
  TuningRecord Record = P.Race.record();
  EXPECT_EQ(Record.Variants[2].Status, VariantStatus::Cut);
  EXPECT_EQ(Record.Variants[2].Problem, "its warm-up took 2 s, 2e+03x the "
                                        "fastest warm-up (1 ms)");
}

TEST(OnlineRaceTest, ShortSlowWarmUpIsNotCut) {
  // Fifty times slower but under CutMinSeconds: racing puts it out after
  // one timed run.
  Program P(2, 0, constantTimes({1e-3, 5e-2}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.RunsOf[1], 2u);
  EXPECT_EQ(P.Race.record().Variants[1].Status, VariantStatus::Measured);
}

TEST(OnlineRaceTest, CallsBeforeAnySampleGetOneTimedRunOfEachPoint) {
  OnlineRace Race(3, 1, DeviceTimes);
  std::vector<unsigned> Timed;
  for (int I = 0; I < 50; ++I) {
    OnlineRace::Run R = Race.next();
    if (R.Timed)
      Timed.push_back(R.Point);
    else
      EXPECT_EQ(R.Point, 1u); // nothing known yet: the default point
  }
  EXPECT_EQ(Timed, (std::vector<unsigned>{1, 0, 2}));
  Race.ran(2, 1e-3);
  Race.ran(1, 2e-3);
  // Point 0 is still in flight: 1 and 2 get their timed runs, the default
  // point first.
  OnlineRace::Run R = Race.next();
  EXPECT_EQ(R.Point, 1u);
  EXPECT_TRUE(R.Timed);
  R = Race.next();
  EXPECT_EQ(R.Point, 2u);
  EXPECT_TRUE(R.Timed);
  // Every point has a run in flight: the stand-in is now the leader.
  R = Race.next();
  EXPECT_EQ(R.Point, 2u);
  EXPECT_FALSE(R.Timed);
}

TEST(OnlineRaceTest, SamplesArrivingLateDecideAsAtOnce) {
  Timing Times = [](unsigned Point, unsigned Run) {
    const double Noise[] = {1.0, 1.04, 1.02};
    return (Point == 2 ? 1e-3 : Point == 0 ? 1.3e-3 : 1.08e-3) * Noise[Run % 3];
  };
  Program AtOnce(4, 0, Times);
  ASSERT_TRUE(AtOnce.callUntilDecided());
  for (unsigned Latency : {2u, 3u, 7u, 20u}) {
    Program Late(4, 0, Times, Latency);
    ASSERT_TRUE(Late.callUntilDecided()) << Latency;
    EXPECT_EQ(Late.Race.winner(), AtOnce.Race.winner()) << Latency;
    // A point has at most the one run more that was in flight when it
    // was put out.
    for (unsigned I = 0; I < 4; ++I)
      EXPECT_LE(Late.RunsOf[I], AtOnce.RunsOf[I] + 1) << Latency << " " << I;
  }
  EXPECT_EQ(AtOnce.Race.winner(), 2u);
}

TEST(OnlineRaceTest, SamplesArrivingOutOfOrderAreJudgedAlike) {
  OnlineRace InOrder(3, 0, DeviceTimes), Reversed(3, 0, DeviceTimes);
  const double Seconds[] = {2e-3, 1e-3, 3e-3};
  for (OnlineRace *Race : {&InOrder, &Reversed})
    for (int I = 0; I < 3; ++I)
      Race->next();
  for (unsigned I = 0; I < 3; ++I) {
    InOrder.ran(I, Seconds[I]);
    Reversed.ran(2 - I, Seconds[2 - I]);
  }
  for (OnlineRace *Race : {&InOrder, &Reversed}) {
    EXPECT_EQ(Race->bestSoFar(), 1u);
    // Every warm-up is in: the timed rounds start, the default point first.
    OnlineRace::Run R = Race->next();
    EXPECT_EQ(R.Point, 0u);
    EXPECT_TRUE(R.Timed);
  }
}

TEST(OnlineRaceTest, PointIsJudgedOnlyOnceItsRunInFlightIsIn) {
  OnlineRace Race(2, 0, DeviceTimes);
  Race.next(); // the warm-ups
  Race.next();
  Race.ran(0, 1e-3);
  Race.ran(1, 1.05e-3);
  Race.next(); // the first timed round
  Race.next();
  Race.ran(1, 1.05e-3);
  Race.ran(0, 1e-3);
  EXPECT_EQ(Race.next().Point, 0u);
  EXPECT_EQ(Race.next().Point, 1u);
  Race.ran(0, 1e-3);
  // Point 1 is slower than the leader's median now, but its run is in
  // flight: it is judged with that run.
  EXPECT_FALSE(Race.decided());
  Race.ran(1, 0.9e-3);
  ASSERT_TRUE(Race.decided());
  EXPECT_EQ(Race.winner(), 1u);
}

TEST(OnlineRaceTest, FailedPointIsNeverHandedOutAgain) {
  OnlineRace Race(3, 0, DeviceTimes);
  std::vector<unsigned> Ran;
  for (int Call = 0; Call < 100 && !Race.decided(); ++Call) {
    OnlineRace::Run R = Race.next();
    Ran.push_back(R.Point);
    if (R.Point == 1)
      Race.failed(1, "too many resources requested for launch");
    else if (R.Timed)
      Race.ran(R.Point, R.Point == 0 ? 2e-3 : 1e-3);
  }
  ASSERT_TRUE(Race.decided());
  EXPECT_EQ(std::count(Ran.begin(), Ran.end(), 1u), 1);
  EXPECT_EQ(Race.winner(), 2u);
  TuningRecord Record = Race.record();
  EXPECT_EQ(Record.Variants[1].Status, VariantStatus::LaunchFailed);
  EXPECT_EQ(Record.Variants[1].Problem,
            "too many resources requested for launch");
}

TEST(OnlineRaceTest, PointFailingAfterItRanIsOut) {
  OnlineRace Race(2, 0, DeviceTimes);
  Race.next();
  Race.ran(0, 1e-3);
  Race.next();
  Race.ran(1, 1e-3);
  Race.next();
  Race.failed(0, "");
  // Point 1 is left; it is decided once it has a timed run to be ranked by,
  // as in the blocking tuner.
  EXPECT_FALSE(Race.decided());
  EXPECT_EQ(Race.next().Point, 1u);
  Race.ran(1, 1e-3);
  ASSERT_TRUE(Race.decided());
  EXPECT_EQ(Race.winner(), 1u);
  TuningRecord Record = Race.record();
  EXPECT_EQ(Record.Variants[0].Status, VariantStatus::LaunchFailed);
  EXPECT_EQ(Record.Variants[0].Problem, "unknown error");
  EXPECT_EQ(Record.Runs.WarmUps, 2u);
  EXPECT_EQ(Record.Runs.Timed, 2u);
}

TEST(OnlineRaceTest, FailedDefaultPointLeavesTheRaceToTheOthers) {
  // There is no reference to replace: online nothing is verified, and the
  // default point goes first only because it is the safe one.
  OnlineRace Race(3, 0, DeviceTimes);
  EXPECT_EQ(Race.next().Point, 0u);
  Race.failed(0, "invalid configuration argument");
  // The call runs the default point, which fails again; the next call gets
  // a point of its own.
  EXPECT_EQ(Race.bestSoFar(), 0u);
  EXPECT_EQ(Race.next().Point, 1u);
  // What a call that must not race runs now: the point that launched.
  EXPECT_EQ(Race.bestSoFar(), 1u);
  Race.ran(1, 2e-3);
  for (int Call = 0; Call < 100 && !Race.decided(); ++Call) {
    OnlineRace::Run R = Race.next();
    EXPECT_NE(R.Point, 0u);
    if (R.Timed)
      Race.ran(R.Point, R.Point == 1 ? 2e-3 : 1e-3);
  }
  ASSERT_TRUE(Race.decided());
  EXPECT_EQ(Race.winner(), 2u);
  TuningRecord Record = Race.record();
  EXPECT_FALSE(Record.AllFailed);
  EXPECT_LT(Record.speedUp(), 0); // unknown: the default point never ran
}

TEST(OnlineRaceTest, EveryPointFailedRunsTheDefaultPoint) {
  OnlineRace Race(3, 1, DeviceTimes);
  for (int I = 0; I < 3; ++I)
    Race.failed(Race.next().Point, "no kernel image is available");
  ASSERT_TRUE(Race.decided());
  EXPECT_EQ(Race.winner(), 1u);
  OnlineRace::Run R = Race.next();
  EXPECT_EQ(R.Point, 1u); // the program sees the real error
  EXPECT_FALSE(R.Timed);
  TuningRecord Record = Race.record();
  EXPECT_TRUE(Record.AllFailed);
  EXPECT_EQ(Record.Winner, 1u);
  EXPECT_EQ(Record.Runs.WarmUps, 3u);
}

TEST(OnlineRaceTest, EqualTimesGoToTheDefaultPoint) {
  Program P(3, 1, constantTimes({1e-3, 1e-3, 1e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 1u);
  for (unsigned I = 0; I < 3; ++I)
    EXPECT_EQ(P.RunsOf[I], 1u + MeasurementPolicy().TieRuns);
}

TEST(OnlineRaceTest, EqualTimesWithoutTheDefaultPointGoToTheEarlierPoint) {
  Program P(4, 3, constantTimes({1e-3, 1e-3, 1e-3, 2e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
}

TEST(OnlineRaceTest, TieWithinTheResolutionKeepsTheDefaultPoint) {
  // The default point's fastest run is 1 ms, its typical one 1.01 ms; point
  // 1 takes 1.004 ms every run: its median is 0.6 % ahead, within the 1 %
  // the tuning can resolve, a tie, which the default point keeps (it used
  // to go to the steadier point: a winner that flipped with the noise).
  Program P(2, 0, [](unsigned Point, unsigned Run) {
    return Point == 1 ? 1.004e-3 : Run == 1 ? 1e-3 : 1.01e-3;
  });
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
  TuningRecord Record = P.Race.record();
  EXPECT_DOUBLE_EQ(Record.TieBand, MeasurementPolicy().Equivalent);
  EXPECT_TRUE(Record.inTieBand(1));
  EXPECT_EQ(P.RunsOf[0], 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(P.RunsOf[1], 1u + MeasurementPolicy().TieRuns);
}

TEST(OnlineRaceTest, PointsWithinTheLeadersNoiseAreATie) {
  // Point 1 is 2% slower than point 0, whose own runs spread by 2.5%: more
  // runs would not tell them apart. They tie after TieRuns timed runs, not
  // after 48, and point 0, also the steadier, wins.
  Program P(3, 0, [](unsigned Point, unsigned Run) {
    const double OfPoint0[] = {1.00e-3, 1.04e-3, 1.02e-3, 1.03e-3};
    return Point == 2 ? 5e-3 : OfPoint0[Run % 4] * (Point == 1 ? 1.02 : 1);
  });
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
  EXPECT_EQ(P.RunsOf[0], 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(P.RunsOf[1], 1u + MeasurementPolicy().TieRuns);
  EXPECT_EQ(P.RunsOf[2], 2u);
}

TEST(OnlineRaceTest, UnconfirmedFastestRunIsNotPutOut) {
  // Point 1 costs 1 ms, but its warm-up and first timed run were slowed (a
  // busy machine); the default point costs 1.5 ms every run. Point 1's
  // fastest run so far (4 ms) is not confirmed by a second one, so it runs
  // again; point 2's is, and it is out.
  Program P(3, 0, [](unsigned Point, unsigned Run) {
    if (Point != 1)
      return Point == 0 ? 1.5e-3 : 9e-3;
    return Run == 0 ? 5e-3 : Run == 1 ? 4e-3 : 1e-3;
  });
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 1u);
  EXPECT_GT(P.RunsOf[1], 2u);
  EXPECT_EQ(P.RunsOf[2], 2u);
}

TEST(OnlineRaceTest, HostTimesWantThreeAgreeingRuns) {
  // Point 1 costs 1 ms, but its warm-up and first timed run each lost the
  // CPU for a time slice, and they agree (5.5 ms); the default point costs
  // 1.5 ms. Two agreeing runs put point 1 out; on the host, where that
  // happens too often, a third is wanted, and point 1 wins.
  Timing Times = [](unsigned Point, unsigned Run) {
    return Point == 0 ? 1.5e-3 : Run < 2 ? 5.5e-3 : 1e-3;
  };
  Program Device(2, 0, Times);
  ASSERT_TRUE(Device.callUntilDecided());
  EXPECT_EQ(Device.Race.winner(), 0u);
  Program Host(2, 0, Times, /*Latency=*/1, HostTimes);
  ASSERT_TRUE(Host.callUntilDecided());
  EXPECT_EQ(Host.Race.winner(), 1u);
}

TEST(OnlineRaceTest, WidelySpreadPointFarBehindIsOutAfterTwiceTheAgreeingRuns) {
  // Point 2 is 30% behind in every run, but no two of its runs come within
  // 5% of each other: it is out once it has had twice the runs that must
  // agree, all behind (4 on a device, 6 on the host), not raced to 48.
  Timing Times = [](unsigned Point, unsigned Run) {
    return Point == 2 ? 1.3e-3 * (1 + 0.08 * (8 - Run % 8)) : 1e-3;
  };
  Program Device(3, 0, Times);
  ASSERT_TRUE(Device.callUntilDecided());
  EXPECT_EQ(Device.Race.winner(), 0u);
  EXPECT_EQ(Device.RunsOf[2], 4u);
  Program Host(3, 0, Times, /*Latency=*/1, HostTimes);
  ASSERT_TRUE(Host.callUntilDecided());
  EXPECT_EQ(Host.Race.winner(), 0u);
  EXPECT_EQ(Host.RunsOf[2], 6u);
}

TEST(OnlineRaceTest, LeaderMedianPutsOutAPointWithinTheMargin) {
  // 5% slower: within the margin, but slower than the leader's typical
  // run once the leader has two timed runs.
  Program P(2, 0, constantTimes({1e-3, 1.05e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
  EXPECT_EQ(P.RunsOf[1], 2u);
  EXPECT_EQ(P.RunsOf[0], 3u);
}

TEST(OnlineRaceTest, PointBeyondTheTieBandIsOutAtTieRuns) {
  // Point 0's typical run (1.1 ms) is slower than point 1's 1.05 ms, its
  // fastest (1 ms) faster. Point 1 is within 1 % of neither, and beyond
  // the band of a tie with point 0's fastest run: it is out once both have
  // the runs a tie needs (it used to race on to MaxRunsPerVariant).
  Program P(2, 0, [](unsigned Point, unsigned Run) {
    return Point == 1 ? 1.05e-3 : Run == 0 ? 1e-3 : 1.1e-3;
  });
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
  TuningRecord Record = P.Race.record();
  for (unsigned I = 0; I < 2; ++I)
    EXPECT_EQ(Record.Variants[I].Samples.size(), MeasurementPolicy().TieRuns);
}

TEST(OnlineRaceTest, OnePointIsDecidedAsAnyOther) {
  Program P(1, 0, constantTimes({1e-3}));
  ASSERT_TRUE(P.callUntilDecided());
  EXPECT_EQ(P.Race.winner(), 0u);
  EXPECT_EQ(P.RunsOf[0], 2u);
}

TEST(OnlineRaceTest, UnaskedLateAndUnusableSamplesAreIgnored) {
  OnlineRace Race(2, 0, DeviceTimes);
  Race.ran(1, 1e-6); // no run of point 1 in flight
  Race.ran(7, 1e-6); // no such point
  EXPECT_EQ(Race.next().Point, 0u);
  Race.ran(0, std::nan(""));
  // The run is lost, not ranked: point 0 runs its warm-up again.
  EXPECT_EQ(Race.record().Variants[0].WarmUp, -1);
  EXPECT_EQ(Race.next().Point, 0u);
  Race.ran(0, -1);
  EXPECT_EQ(Race.next().Point, 0u);
  Race.ran(0, 1e-3);
  EXPECT_EQ(Race.record().Runs.WarmUps, 1u);
  // Once decided, a late sample changes nothing.
  Program P(2, 0, constantTimes({1e-3, 3e-3}), /*Latency=*/3);
  ASSERT_TRUE(P.callUntilDecided());
  TuningRecord Before = P.Race.record();
  while (!P.Pending.empty())
    P.answerOldest();
  P.Race.ran(1, 1e-9);
  P.Race.failed(0, "late");
  EXPECT_EQ(P.Race.winner(), 0u);
  TuningRecord After = P.Race.record();
  EXPECT_EQ(After.Runs.Timed, Before.Runs.Timed);
  EXPECT_EQ(After.Variants[0].Status, VariantStatus::Measured);
}

TEST(OnlineRaceTest, BestSoFarIsTheDefaultPointThenTheLeaderThenTheWinner) {
  OnlineRace Race(3, 2, DeviceTimes);
  EXPECT_EQ(Race.bestSoFar(), 2u);
  Race.next();
  Race.next();
  Race.ran(0, 1e-3);
  EXPECT_EQ(Race.bestSoFar(), 0u);
  Race.ran(2, 0.5e-3);
  EXPECT_EQ(Race.bestSoFar(), 2u);
  EXPECT_FALSE(Race.decided());
}

TEST(OnlineRaceTest, RecordKeepsTheFirstRunAsTheWarmUp) {
  // Runs of point 0: 3, 1, 2, 1, 2 ms; point 1 is far behind.
  Program P(2, 0, [](unsigned Point, unsigned Run) {
    const double Ms[] = {3, 1, 2, 1, 2};
    return Point == 1 ? 9e-3 : Ms[Run % 5] * 1e-3;
  });
  ASSERT_TRUE(P.callUntilDecided());
  TuningRecord Record = P.Race.record();
  const VariantRecord &Default = Record.Variants[0];
  EXPECT_DOUBLE_EQ(Default.WarmUp, 3e-3);
  EXPECT_EQ(Default.Samples, (std::vector<double>{1e-3}));
  EXPECT_DOUBLE_EQ(Default.Best, 1e-3);
  EXPECT_DOUBLE_EQ(Default.Median, 1e-3);
  EXPECT_TRUE(Default.hasTimedRuns());
  EXPECT_EQ(Record.Runs.WarmUps, 2u);
  EXPECT_EQ(Record.Runs.Timed, 2u);
  EXPECT_EQ(Record.Runs.Restores, 0u);
  EXPECT_EQ(Record.DefaultPoint, 0u);
}

// Times that differ from run to run by up to 12 %, the same in every race:
// four points, two of them close, so that the race takes a while.
double noisyTimes(unsigned Point, unsigned Run) {
  const double Base[] = {1.00e-3, 0.97e-3, 1.30e-3, 4.00e-3};
  return Base[Point] * (1 + 0.03 * ((Run * 7 + Point * 3) % 5));
}

// A race continued by another process from the record of the first one's
// calls (all of them answered, as at a host program's exit) decides as the
// race that was never interrupted, wherever it was interrupted, with the
// same runs.
TEST(OnlineRaceTest, ContinuedRaceDecidesAsAnUninterruptedOne) {
  for (bool Host : {DeviceTimes, HostTimes}) {
    Program Whole(4, 0, noisyTimes, 1, Host);
    ASSERT_TRUE(Whole.callUntilDecided());
    TuningRecord Want = Whole.Race.record();
    // The last call answers the run that decides: up to the one before.
    for (unsigned Stop = 1; Stop + 1 < Whole.Calls; ++Stop) {
      SCOPED_TRACE("interrupted after " + std::to_string(Stop) + " calls" +
                   (Host ? ", host times" : ""));
      Program First(4, 0, noisyTimes, 1, Host);
      for (unsigned I = 0; I < Stop; ++I)
        First.call();
      while (!First.Pending.empty())
        First.answerOldest();
      ASSERT_FALSE(First.Race.decided());
      TuningRecord Saved = First.Race.record();

      Program Next(4, 0, noisyTimes, 1, Host);
      unsigned Runs = Saved.Runs.WarmUps + Saved.Runs.Timed;
      EXPECT_EQ(Next.Race.continueFrom(Saved), Runs);
      EXPECT_FALSE(Next.Race.decided());
      Next.RunsOf = First.RunsOf; // the next runs' times, as Whole had them
      ASSERT_TRUE(Next.callUntilDecided());
      EXPECT_EQ(Next.Race.winner(), Whole.Race.winner());
      EXPECT_EQ(First.Calls + Next.Calls, Whole.Calls);
      TuningRecord Got = Next.Race.record();
      for (unsigned P = 0; P < 4; ++P) {
        EXPECT_EQ(Got.Variants[P].Status, Want.Variants[P].Status) << P;
        EXPECT_EQ(Got.Variants[P].WarmUp, Want.Variants[P].WarmUp) << P;
        EXPECT_EQ(Got.Variants[P].Samples, Want.Variants[P].Samples) << P;
      }
      EXPECT_EQ(Got.Runs.WarmUps, Want.Runs.WarmUps);
      EXPECT_EQ(Got.Runs.Timed, Want.Runs.Timed);
    }
  }
}

TEST(OnlineRaceTest, ContinuedRaceKeepsFailedAndCutPointsOut) {
  // Point 1 fails to launch; point 2's warm-up is far slower than the
  // fastest: cut.
  OnlineRace First(3, 0, DeviceTimes);
  for (int I = 0; I < 3; ++I) {
    OnlineRace::Run R = First.next();
    if (R.Point == 1)
      First.failed(1, "too many resources requested for launch");
    else
      First.ran(R.Point, R.Point == 2 ? 1.0 : 1e-3);
  }
  TuningRecord Saved = First.record();
  ASSERT_EQ(Saved.Variants[2].Status, VariantStatus::Cut);

  OnlineRace Next(3, 0, DeviceTimes);
  EXPECT_EQ(Next.continueFrom(Saved), 2u);
  TuningRecord Got = Next.record();
  EXPECT_EQ(Got.Variants[1].Status, VariantStatus::LaunchFailed);
  EXPECT_EQ(Got.Variants[1].Problem, "too many resources requested for launch");
  EXPECT_EQ(Got.Variants[2].Status, VariantStatus::Cut);
  // Only the default point is left: it wins once it has its runs.
  for (int I = 0; I < 10 && !Next.decided(); ++I) {
    OnlineRace::Run R = Next.next();
    EXPECT_EQ(R.Point, 0u);
    Next.ran(R.Point, 1e-3);
  }
  EXPECT_TRUE(Next.decided());
  EXPECT_EQ(Next.winner(), 0u);
}

TEST(OnlineRaceTest, RecordOfAnotherSpaceIsNotContinued) {
  OnlineRace First(2, 0, DeviceTimes);
  First.ran(First.next().Point, 1e-3);
  OnlineRace Next(3, 0, DeviceTimes);
  EXPECT_EQ(Next.continueFrom(First.record()), 0u);
  EXPECT_EQ(Next.next().Point, 0u);
}

// The blocking tuner, given the same times, picks the same point: steady
// times, and times that differ from run to run (slowed first runs, a noisy
// leader, a tie of fastest runs, a widely spread point).
using OnlineRaceMatchesTunerTest = RuntimeTest;

TEST_F(OnlineRaceMatchesTunerTest, SameWinnerAsTheBlockingTuner) {
  std::vector<Timing> Cases;
  for (std::vector<double> Seconds :
       std::vector<std::vector<double>>{{1e-3, 2e-3, 3e-3},
                                        {3e-3, 2e-3, 1e-3},
                                        {1e-3, 1e-3, 1e-3},
                                        {2e-3, 1e-3, 1e-3},
                                        {1e-3, 1.05e-3, 1.2e-3},
                                        {1.2e-3, 1.005e-3, 1e-3},
                                        {1e-3, 1e-3, 2.0},
                                        {5e-2, 1e-3, 1.001e-3}})
    Cases.push_back(constantTimes(Seconds));
  Cases.push_back([](unsigned Point, unsigned Run) {
    if (Point != 1)
      return Point == 0 ? 1.5e-3 : 9e-3;
    return Run == 0 ? 5e-3 : Run == 1 ? 4e-3 : 1e-3;
  });
  Cases.push_back([](unsigned Point, unsigned Run) {
    const double OfPoint0[] = {1.00e-3, 1.04e-3, 1.02e-3, 1.03e-3};
    return Point == 2 ? 5e-3 : OfPoint0[Run % 4] * (Point == 1 ? 1.02 : 1);
  });
  Cases.push_back([](unsigned Point, unsigned Run) {
    const double Steady[] = {1.000e-3, 1.000e-3, 1.002e-3, 1.001e-3};
    const double Unsteady[] = {1.000e-3, 1.015e-3, 1.015e-3, 1.015e-3};
    return Point == 0 ? Unsteady[Run % 4] : Point == 1 ? Steady[Run % 4] : 5e-3;
  });
  Cases.push_back([](unsigned Point, unsigned Run) {
    return Point == 2 ? 1.3e-3 * (1 + 0.08 * (8 - Run % 8)) : 1e-3;
  });
  long long Key = 0; // a key per case: each is tuned anew
  for (unsigned Default : {0u, 2u}) {
    ThreePointSite S(Default, Default == 0 ? "test.cpp:1:f" : "test.cpp:2:f");
    for (std::size_t Case = 0; Case < Cases.size(); ++Case) {
      FakeBackend B;
      unsigned RunsOf[3] = {0, 0, 0};
      B.TimeOf = [&](unsigned I) { return Cases[Case](I, RunsOf[I]++); };
      S.call(&B, ++Key);
      Program P(3, Default, Cases[Case]);
      ASSERT_TRUE(P.callUntilDecided());
      EXPECT_EQ(P.Race.winner(), B.lastLaunch())
          << "case " << Case << ", default " << Default;
    }
  }
}

} // namespace
} // namespace autotune
