// The racing rules and the decision; docs/runtime.md ("Tuning: the
// procedure", "Why the fastest run ranks a point") says what each does, and
// MeasurementPolicy.h why each number is what it is.
#include "tune/RaceRules.h"

#include "support/TextFormat.h"

#include <algorithm>

namespace autotune {
namespace {

// Whether other runs of Variant came within Margin / 2 of its fastest:
// only a confirmed time is acted on, and an unconfirmed variant runs again.
// One more on a device; two more on the host, where two runs of a 1.5 ms
// statement that each lost the CPU for one time slice agree with each other
// often enough to mislead.
bool isConfirmed(const VariantRecord &Variant, unsigned Agreeing,
                 const MeasurementPolicy &Policy) {
  double Within = Variant.Best * (1 + Policy.Margin / 2);
  unsigned Close = Variant.WarmUp >= 0 && Variant.WarmUp <= Within;
  for (double S : Variant.Samples)
    Close += S <= Within;
  return Close >= Agreeing;
}

// The leader's typical time while racing: the mean of its middle runs.
// Not median(), the lower middle run: of two runs that is the faster one,
// and every point more than Equivalent behind the leader's fastest run
// would be out (on an H200 that put out the fastest reduction point,
// 3.6 % behind in its first two runs and 3.2 % ahead back to back).
double middleMean(std::vector<double> Samples) {
  std::sort(Samples.begin(), Samples.end());
  std::size_t N = Samples.size();
  return N % 2 ? Samples[N / 2] : (Samples[N / 2 - 1] + Samples[N / 2]) / 2;
}

// Whether Variant's fastest run is within the band of a tie with Leader's
// fastest: the leader's own noise (resolution()). One test for raceState's
// tie and isBeyondTheTie's out, so that the two verdicts meet.
bool isTiedWith(const VariantRecord &Variant, const VariantRecord &Leader,
                const MeasurementPolicy &Policy) {
  double Band = resolution(pointTimes(Leader, Policy), Policy);
  return Variant.Best <= Leader.Best * (1 + Band);
}

// Whether, both having the TieRuns timed runs a tie needs, Variant's fastest
// run is beyond the band that would make it a tie with Leader (raceState):
// the decision could not keep it (choosePoint), and more runs only refine a
// fastest run already confirmed. Without it a point between that band and
// the test above raced on to MaxRunsPerVariant: on an H200, transpose's
// default point did in 2 of 14 tunings (9 to 12 x the floor, against 2.4 to
// 3 x), and the decision on the first 4 runs of each point was the one on
// all of them in 65 of 65 tunings of the bench's spaces.
bool isBeyondTheTie(const VariantRecord &Variant, const VariantRecord &Leader,
                    const MeasurementPolicy &Policy) {
  return Variant.Samples.size() >= Policy.TieRuns &&
         Leader.Samples.size() >= Policy.TieRuns &&
         !isTiedWith(Variant, Leader, Policy);
}

} // namespace

double median(std::vector<double> Samples) {
  auto Middle = Samples.begin() + (Samples.size() - 1) / 2;
  std::nth_element(Samples.begin(), Middle, Samples.end());
  return *Middle;
}

bool isCut(double WarmUp, double FastestWarmUp, const MeasurementPolicy &Policy,
           std::string &Why) {
  if (FastestWarmUp <= 0 || WarmUp < Policy.CutMinSeconds ||
      !(WarmUp > Policy.CutRatio * FastestWarmUp))
    return false;
  Why = "its warm-up took " + formatSeconds(WarmUp) + ", " +
        formatNumber("%.3g", WarmUp / FastestWarmUp) +
        "x the fastest warm-up (" + formatSeconds(FastestWarmUp) + ")";
  return true;
}

bool isBehindEarlierRun(double Seconds, bool FirstLaunch, const char *What,
                        double Earlier, bool EarlierWarmUp,
                        const MeasurementPolicy &Policy, std::string &Why) {
  // The allowance covers what a first run may cost over the kernel's time:
  // a variant cut with it is slower than the earlier run's variant.
  double Allowance = FirstLaunch ? Policy.FirstRunAllowance : 0;
  if (Earlier <= 0 || !(Seconds > (1 + Policy.BehindEarlierMargin) * Earlier) ||
      !(Seconds > Earlier + Allowance))
    return false;
  Why = std::string(What) + " took " + formatSeconds(Seconds) + ", " +
        formatNumber("%.3g", Seconds / Earlier) + "x " +
        (EarlierWarmUp ? "a warm-up" : "a run") + " that ran before it (" +
        formatSeconds(Earlier) + ")";
  return true;
}

unsigned agreeingRuns(bool TimesIncludeOtherWork) {
  return TimesIncludeOtherWork ? MeasurementPolicy::AgreeingRunsHost
                               : MeasurementPolicy::AgreeingRuns;
}

unsigned raceLeader(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders) {
  return *std::min_element(Contenders.begin(), Contenders.end(),
                           [&](unsigned A, unsigned B) {
                             return Variants[A].Best < Variants[B].Best;
                           });
}

bool isOutOfRace(const VariantRecord &Variant, const VariantRecord &Leader,
                 unsigned Agreeing, const MeasurementPolicy &Policy) {
  // A single slowed run cannot make a variant behind: every one of its runs
  // would have to have been slowed by more than the margin.
  bool Behind =
      Variant.Best > Leader.Best * (1 + Policy.Margin) ||
      (Leader.Samples.size() >= 2 &&
       Variant.Best > middleMean(Leader.Samples) * (1 + Policy.Equivalent)) ||
      isBeyondTheTie(Variant, Leader, Policy);
  // Twice the runs that must agree, all behind: a variant whose runs spread
  // widely (atomics, contention) may never have two that agree, and its
  // runs are better spent on the contenders.
  return Behind && (isConfirmed(Variant, Agreeing, Policy) ||
                    Variant.runs() >= 2 * Agreeing);
}

PointTimes pointTimes(const VariantRecord &Variant,
                      const MeasurementPolicy &Policy) {
  PointTimes Times;
  if (!Variant.hasTimedRuns())
    return Times;
  Times.Best = Variant.Best;
  if (Variant.Samples.size() >= Policy.TieRuns)
    Times.Median = Variant.Median;
  return Times;
}

std::vector<PointTimes> pointTimes(const std::vector<VariantRecord> &Variants,
                                   const MeasurementPolicy &Policy) {
  std::vector<PointTimes> Times;
  for (const VariantRecord &Variant : Variants)
    Times.push_back(pointTimes(Variant, Policy));
  return Times;
}

double resolution(const PointTimes &Steadiest,
                  const MeasurementPolicy &Policy) {
  double Noise = Steadiest.Median > 0 && Steadiest.Best > 0
                     ? Steadiest.Median / Steadiest.Best - 1
                     : 0;
  return std::min(std::max(Policy.Equivalent, Noise), Policy.TieLimit);
}

RaceState raceState(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders, unsigned Leader,
                    const MeasurementPolicy &Policy) {
  const VariantRecord &Lead = Variants[Leader];
  // The fewest timed runs of a contender: the limits may have left some
  // short of a round.
  std::size_t RunsEach = Lead.Samples.size();
  for (unsigned I : Contenders)
    RunsEach = std::min(RunsEach, Variants[I].Samples.size());
  // Within the resolution, more runs would not tell the contenders apart,
  // only spend time.
  bool Tie = std::all_of(Contenders.begin(), Contenders.end(), [&](unsigned I) {
    return isTiedWith(Variants[I], Lead, Policy);
  });
  if (Contenders.size() <= 1 || (Tie && RunsEach >= Policy.TieRuns) ||
      RunsEach >= Policy.MaxRunsPerVariant)
    return RaceState::Over;
  return RaceState::Open;
}

Decision choosePoint(const std::vector<PointTimes> &Points,
                     unsigned DefaultPoint, const MeasurementPolicy &Policy) {
  Decision C;
  C.Winner = C.Fastest = DefaultPoint;
  auto CanWin = [&](unsigned I) {
    return I < Points.size() && Points[I].Best >= 0;
  };
  bool DefaultCanWin = CanWin(DefaultPoint);
  // The fastest run: on equal runs the default point, then the first.
  long Fastest = DefaultCanWin ? long(DefaultPoint) : -1;
  for (unsigned I = 0; I < Points.size(); ++I)
    if (CanWin(I) && (Fastest < 0 || Points[I].Best < Points[Fastest].Best))
      Fastest = I;
  if (Fastest < 0)
    return C;
  C.Fastest = static_cast<unsigned>(Fastest);
  const double Floor = Points[Fastest].Best;
  // The points whose fastest run is within B of the fastest, and the lowest
  // median among them (not positive: none known). Medians are compared
  // only among such points: under load a median reads what the machine
  // did, and must not keep a point that is faster by its fastest run from
  // winning against one that is not.
  auto InBand = [&](unsigned I, double B) {
    return CanWin(I) && Points[I].Best <= Floor * (1 + B);
  };
  auto LowestMedian = [&](double B) {
    double Lowest = -1;
    for (unsigned I = 0; I < Points.size(); ++I)
      if (InBand(I, B) && Points[I].Median > 0 &&
          (Lowest < 0 || Points[I].Median < Lowest))
        Lowest = Points[I].Median;
    return Lowest;
  };
  // The resolution: the noise of the steadiest point near the fastest.
  long Steadiest = Fastest;
  for (unsigned I = 0; I < Points.size(); ++I)
    if (InBand(I, Policy.TieLimit) && Points[I].Median > 0 &&
        (Points[Steadiest].Median <= 0 ||
         Points[I].Median < Points[Steadiest].Median))
      Steadiest = I;
  C.Band = resolution(Points[Steadiest], Policy);
  double Gain = std::max(C.Band, Policy.MinGain);
  // Cannot be told apart from the fastest within B: its fastest run within
  // B, and its median (where known) within B of Lowest, the lowest among
  // those (LowestMedian(B), asked once a band).
  auto Tied = [&](unsigned I, double B, double Lowest) {
    return InBand(I, B) && (Points[I].Median <= 0 || Lowest <= 0 ||
                            Points[I].Median <= Lowest * (1 + B));
  };
  if (DefaultCanWin && Tied(DefaultPoint, Gain, LowestMedian(Gain)))
    return C; // the default point stays
  // P is a clear gain over the default point: faster by more than Gain, by
  // its fastest run or, both known, by its median.
  const PointTimes &D = Points[DefaultPoint];
  auto Beats = [&](unsigned I) {
    const PointTimes &P = Points[I];
    return !DefaultCanWin || D.Best > P.Best * (1 + Gain) ||
           (D.Median > 0 && P.Median > 0 && D.Median > P.Median * (1 + Gain));
  };
  double Lowest = LowestMedian(C.Band);
  for (unsigned I = 0; I < Points.size(); ++I)
    if (Tied(I, C.Band, Lowest) && Beats(I)) {
      C.Winner = I;
      return C;
    }
  // Nothing within the resolution of the fastest is a clear gain over the
  // default point (a minimum gain above the resolution): it stays.
  return C;
}

} // namespace autotune
