// The rules of a race between the variants of one tuning: who is cut after
// its warm-up, who leads, who is out, when it is over, who wins a tie. One
// home for the blocking tuner (Tuner), which judges after each round, and
// online tuning (OnlineRace), which judges as samples arrive.
#ifndef AUTOTUNE_SRC_RACERULES_H
#define AUTOTUNE_SRC_RACERULES_H

#include "tune/MeasurementPolicy.h"
#include "tune/TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// The lower median of a variant's timed runs (of an even count, the lower
// middle run); Samples must not be empty. A GPU round's first run follows
// the host's wait and may read slow (up to 16 % on an H200), and two of a
// point's four runs may be such: on an H200, of points 500 and 501 us
// (0.2 % apart), the mean of the middle two read 0.25 to 0.8 % apart
// against a tie band of 1 %, the lower middle run 0.17 to 0.22 %.
double median(std::vector<double> Samples);

// Whether a variant whose warm-up took WarmUp is cut, not run again: it is
// CutRatio times slower than FastestWarmUp, the fastest warm-up of a variant
// that may win, and at least CutMinSeconds long. Why then says so.
bool isCut(double WarmUp, double FastestWarmUp, const MeasurementPolicy &Policy,
           std::string &Why);

// Whether a variant is cut as behind Earlier, the fastest run so far (in
// seconds) of a variant that may win: its fastest run, Seconds, is more than
// BehindEarlierMargin slower, and, where that run was the variant's
// FirstLaunch, also slower by more than FirstRunAllowance. Asked at the
// variant's first run that the backend saw nothing add time to
// (TimedRun::Undisturbed) and, where that was its first launch, again,
// without the allowance, at its first such timed run. Seconds is no slower
// than any of its runs, so it is never behind its own. What names its run and
// EarlierWarmUp says whether every run before it was a warm-up; both only for
// Why, which then says why.
bool isBehindEarlierRun(double Seconds, bool FirstLaunch, const char *What,
                        double Earlier, bool EarlierWarmUp,
                        const MeasurementPolicy &Policy, std::string &Why);

// How many runs of a variant, the warm-up included, must agree before its
// fastest run is acted on: AgreeingRunsHost where a run's time includes
// whatever else the machine ran meanwhile (Backend::timesIncludeOtherWork():
// the host), else AgreeingRuns.
unsigned agreeingRuns(bool TimesIncludeOtherWork);

// The contender with the fastest run (VariantRecord::Best); on equal runs
// the first in Contenders. Every contender has a run; Contenders is not
// empty.
unsigned raceLeader(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders);

// Whether Variant is out of the race against Leader. It is behind: its
// fastest run is more than Margin slower than the leader's fastest, or, once
// the leader has two timed runs to show its typical time, more than
// Equivalent slower than the mean of the leader's middle runs, or, both having
// TieRuns timed runs, beyond the band that makes a tie with the leader's
// fastest run (raceState). And that fastest
// run is confirmed (Agreeing of its runs, the warm-up included, within Margin /
// 2 of it), or it has had twice Agreeing runs, every one of them behind. The
// leader is never out.
bool isOutOfRace(const VariantRecord &Variant, const VariantRecord &Leader,
                 unsigned Agreeing, const MeasurementPolicy &Policy);

enum class RaceState {
  Open, // more runs may tell the contenders apart
  Over  // one is left, the rest are within the resolution (a tie), or
        // MaxRunsPerVariant runs each: choosePoint() decides
};

// How the race stands between the Contenders isOutOfRace left (the Leader
// among them), by the fewest timed runs any of them has. Over: one left;
// or, once that is TieRuns, every one within the resolution of the
// leader's fastest run (resolution()); or MaxRunsPerVariant.
RaceState raceState(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders, unsigned Leader,
                    const MeasurementPolicy &Policy);

// Of a variant record: its times where it has timed runs, else none; its
// median only from TieRuns timed runs on, the runs a tie needs: the median
// of two runs, one of them slowed (the first of a batch on a GPU), is no
// typical time, and on an H200 it kept a point 0.5 % behind out of 2 in 10
// tunings of a tie.
PointTimes pointTimes(const VariantRecord &Variant,
                      const MeasurementPolicy &Policy);
// The same for each of Variants, in their order.
std::vector<PointTimes> pointTimes(const std::vector<VariantRecord> &Variants,
                                   const MeasurementPolicy &Policy);

// The resolution of a tuning, judged on Steadiest (the point with the
// lowest median among those whose fastest runs are within TieLimit of the
// fastest, else the fastest): two points closer than this fraction cannot
// be told apart. Its own noise (its median over its fastest run), at least
// Equivalent, at most TieLimit.
double resolution(const PointTimes &Steadiest, const MeasurementPolicy &Policy);

// The decision of a tuning, the same for blocking, online and group
// tunings (docs/runtime.md, "Tuning", step 7).
struct Decision {
  unsigned Winner = 0;
  unsigned Fastest = 0; // the point with the fastest run
  double Band = 0;      // the resolution the choice was made with
};
// Fastest: the point with the fastest run (on equal runs the default point,
// then the lower index). A point "cannot be told apart from the fastest
// within B" where its fastest run is within B of the fastest's and its
// median (where known) within B of the lowest median among those points:
// medians are compared only among points whose fastest runs tie (two
// kernels with equal fastest runs, one 3 % slower back to back, are told
// apart by them; under load a median reads the load, and never keeps a
// point faster by its fastest run from winning). The default point stays
// where it cannot be told apart from the fastest within G = max(resolution,
// MinGain); else the first point in the order of the space that cannot be
// told apart from the fastest within the resolution and is faster than the
// default point by more than G (by its fastest run, or by its median);
// where none is, or none can win, the default point.
Decision choosePoint(const std::vector<PointTimes> &Points,
                     unsigned DefaultPoint, const MeasurementPolicy &Policy);

} // namespace autotune

#endif // AUTOTUNE_SRC_RACERULES_H
