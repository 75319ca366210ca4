// What one tuning of a (site, device model, key) found: every point's status
// and times, the winner and what went wrong. Written by the Tuner, read by the
// log (TuningLog) and by the result store, which keeps it as a cache entry
// (ResultStore).
#ifndef AUTOTUNE_SRC_TUNINGRECORD_H
#define AUTOTUNE_SRC_TUNINGRECORD_H

#include <cstddef>
#include <string>
#include <vector>

namespace autotune {

enum class VariantStatus {
  NotMeasured,  // left out by budget(n), or tuning stopped before it
  Measured,     // ran and, where verify(...) asks, matched the default point
  LaunchFailed, // could not run; skipped
  Rejected,     // ran, but its verify(...) output differs from the default's
  Fatal,        // ran and left the device unusable; tuning stopped
  Cut,          // far behind after its first run or two; not run again
};

// How logs and cache files name a status ("ok", "launch failed", ...).
const char *statusName(VariantStatus Status);
// Whether Name is statusName() of some status: what a cache file may hold.
bool isStatusName(const std::string &Name);
// The status whose statusName() is Name; false for any other name.
bool statusNamed(const std::string &Name, VariantStatus &Status);

// Whether a point whose fastest run is Best is within Band of the fastest
// point's, FastestBest: the tie band as the log and autotune-cache show it
// (negative times: no run).
inline bool withinTieBand(double Best, double FastestBest, double Band) {
  return Best >= 0 && FastestBest >= 0 && Best <= FastestBest * (1 + Band);
}
// Whether a default point kept as a tie, Gap behind the fastest, was kept by
// the minimum gain rather than by the tie band.
inline bool keptByMinGain(double Gap, double TieBand, double MinGain) {
  return MinGain > 0 && Gap > TieBand;
}

// What the decision knows of a point: its fastest run and the median of its
// timed runs (not positive: unknown). A negative Best: the point cannot win
// (failed, rejected, cut, not run).
struct PointTimes {
  double Best = -1;
  double Median = -1;
};

struct VariantRecord {
  VariantStatus Status = VariantStatus::NotMeasured;
  std::vector<double> Samples; // seconds, warm-up excluded
  double WarmUp = -1;          // seconds of the warm-up run; negative: none
  double Median = 0;           // of Samples; valid when Samples is not empty
  // The fastest run, the warm-up included: what variants are ranked by.
  // Noise only ever adds time to a run (another process, a clock not yet
  // up, a module still loading), so the fastest run is the closest to what
  // the variant costs (docs/runtime.md, "Why the fastest run ranks a point").
  double Best = 0;
  std::string Problem; // why it failed or was rejected

  // Whether it ran as it should and has timed runs: a Best to rank by.
  bool hasTimedRuns() const {
    return Status == VariantStatus::Measured && !Samples.empty();
  }
  // Its runs so far, the warm-up included.
  std::size_t runs() const { return Samples.size() + (WarmUp >= 0); }
};

// What the runs of one tuning were for: each kernel or host run is a warm-up
// (the first of a variant: failures, verify(...), its first time) or a timed
// run; restores put the restore(...) and verify(...) buffers back before a
// run and once at the end.
struct RunCounts {
  unsigned WarmUps = 0;
  unsigned Timed = 0;
  unsigned Restores = 0;
};

// A restore(...) or verify(...) buffer of the tuned call: its clause as
// written ("restore(x[n])") and its count in elements.
struct BufferExtent {
  std::string Clause;
  long long Count = 0;
};

struct TuningRecord {
  std::vector<VariantRecord> Variants; // one per point of the space
  unsigned Winner = 0;
  unsigned DefaultPoint = 0;
  // The point with the fastest run, and the resolution the winner was
  // chosen with (RaceRules.h, choosePoint, which also weighs medians and
  // the minimum gain): the points within it of the fastest by their
  // fastest runs are the tie the log and autotune-cache show. Band 0: no
  // decision by times (not tuned, every variant failed).
  unsigned Fastest = 0;
  double TieBand = 0;
  // The minimum gain the default point was held to (min_gain(...),
  // AUTOTUNE_MIN_GAIN): a default point kept by it, not by the tie band,
  // says so.
  double MinGain = 0;
  bool AllFailed = false;  // no variant ran; Winner is the default point
  bool FatalError = false; // tuning stopped at FatalVariant
  unsigned FatalVariant = 0;
  std::string NotTuned; // non-empty: tuning was impossible, and why
  // An online race still open (at exit): its runs so far, Winner the best
  // so far. Stored as an unfinished entry, to be continued; never a result.
  bool Unfinished = false;
  std::string Note; // a caveat about the result, always reported
  // Non-empty: the time limit stopped measurement before the ranking was
  // clear, and what it left.
  std::string CutShort;
  double Seconds = 0; // wall time of the whole tuning
  // Online tuning: the calls the race took (each ran one point); 0 for a
  // tuning on one call.
  unsigned OnlineCalls = 0;
  RunCounts Runs;
  // The call's restore(...) buffers, then its verify(...) buffers: later
  // calls that run this result are compared with them.
  std::vector<BufferExtent> Extents;
  // A tuning split among processes (TuningGroup.h): how many measured, and
  // every point's times relative to the default point's fastest run as the
  // process that measured it saw them (a negative Best: measured by none,
  // or unusable).
  unsigned GroupMembers = 1;
  std::vector<PointTimes> GroupTimes;

  // The winner's speed-up over the default point, or a negative number
  // when it is not known (the default point did not run).
  double speedUp() const {
    PointTimes D, W;
    if (!GroupTimes.empty()) {
      if (Winner >= GroupTimes.size() || DefaultPoint >= GroupTimes.size())
        return -1;
      D = GroupTimes[DefaultPoint];
      W = GroupTimes[Winner];
    } else {
      const VariantRecord &DV = Variants[DefaultPoint];
      const VariantRecord &WV = Variants[Winner];
      if (!DV.hasTimedRuns() || !WV.hasTimedRuns())
        return -1;
      D = {DV.Best, DV.Median};
      W = {WV.Best, WV.Median};
    }
    if (W.Best <= 0 || D.Best <= 0)
      return -1;
    // A winner whose fastest run is not faster than the default's beat it
    // by its median (RaceRules.h, choosePoint).
    if (W.Best >= D.Best && W.Median > 0 && D.Median > 0)
      return D.Median / W.Median;
    return D.Best / W.Best;
  }

  // Whether the default point won as a tie with a faster point: it was
  // within the tie band (or the minimum gain) of the fastest.
  bool defaultKeptAsTie() const {
    return Winner == DefaultPoint && Fastest != DefaultPoint &&
           Fastest < Variants.size() && Variants[Fastest].hasTimedRuns();
  }
  // Whether point I's fastest run is within the tie band of the fastest
  // point's: a point the decision could not tell apart from it by that run.
  bool inTieBand(unsigned I) const {
    if (I >= Variants.size() || Fastest >= Variants.size() ||
        !Variants[I].hasTimedRuns() || !Variants[Fastest].hasTimedRuns())
      return false;
    return withinTieBand(Variants[I].Best, Variants[Fastest].Best, TieBand);
  }

  unsigned measuredCount() const {
    unsigned N = 0;
    for (const VariantRecord &R : Variants)
      N += R.Status != VariantStatus::NotMeasured;
    return N;
  }
};

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGRECORD_H
