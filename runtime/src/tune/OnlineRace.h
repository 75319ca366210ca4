// Online tuning's decision for one (site, device model, key): which point
// each call runs while the race is open, judged by the rules of the
// blocking tuner (RaceRules.h) as the calls' times arrive. No clock and no
// backend: the slow path times each run it is given (CUDA: an event pair
// collected on a later call; host: the steady clock) and reports it here.
#ifndef AUTOTUNE_SRC_ONLINERACE_H
#define AUTOTUNE_SRC_ONLINERACE_H

#include "tune/MeasurementPolicy.h"
#include "tune/TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// A point's first run is its warm-up, as in the blocking tuner: it counts
// in the point's fastest run (Best), is cut when far slower (isCut), and
// is otherwise not judged alone; the race judges a point once it has had
// InitialRuns runs more, after every sample that arrives.
//
// Not thread-safe: the slow path calls it under its lock. Every run handed
// out as Timed must be answered, by ran() or failed(); until it is, its
// point is given no other timed run and is not judged, so that no point is
// given runs it cannot need and a run already spent is not wasted.
class OnlineRace {
public:
  // TimesIncludeOtherWork: whether a run's time includes whatever else the
  // machine ran meanwhile, as the backend's timesIncludeOtherWork() says
  // (the host's clock: yes; a device's events: no). A point's fastest run
  // is then acted on only once three of its runs agree, not two, as in the
  // blocking tuner (agreeingRuns()).
  OnlineRace(unsigned NumPoints, unsigned DefaultPoint,
             bool TimesIncludeOtherWork,
             MeasurementPolicy Policy = MeasurementPolicy());

  // Continues the race of an earlier process (an unfinished cache entry):
  // Saved's runs are given to this race, which has had none yet, in the
  // order the earlier race had them, as if its calls ran again: round after
  // round, each contender's next run in the order of next(), a point's
  // failure after its runs. The race judges as it goes, so it stands where
  // the earlier one stood (or, under rules that changed since, where these
  // rules put it: it may be decided). Returns the runs taken (warm-ups and
  // timed runs); none where Saved is of another space.
  unsigned continueFrom(const TuningRecord &Saved);

  struct Run {
    unsigned Point = 0;
    // A run of the race: time it, then report it with ran() or failed().
    // Otherwise a stand-in, to be run untimed: the winner once decided, or
    // the best so far while every contender has a run in flight.
    bool Timed = false;
  };

  // What this call runs: the contender with the fewest runs and none in
  // flight, the default point first, then by index. So every point's first
  // run comes before any point's second, then the rounds are round-robin.
  Run next();

  // A timed run of Point took Seconds. Ignored where no run of Point is in
  // flight, and once decided: the winner is fixed.
  void ran(unsigned Point, double Seconds);

  // A run of Point (timed or not) failed to launch: Point is out and never
  // handed out again. The call runs the default point instead, untimed.
  void failed(unsigned Point, std::string Why);

  bool decided() const { return Decided; }
  // The point every call runs from now on; valid once decided().
  unsigned winner() const { return Winner; }

  // What a call that must not race (stream capture) runs: the winner once
  // decided; else the leader; else, nothing being known, the default point,
  // unless it failed and another point has a run in flight.
  unsigned bestSoFar() const;

  // What the race found, for the log and the cache, as the blocking tuner
  // records it: WarmUp is the first run, Samples the runs after it.
  // Seconds and Extents are the caller's to fill.
  TuningRecord record() const;

private:
  // Cuts and drops the contenders that cannot win, and decides when the
  // race is over; after every sample and failure.
  void judge();
  // The contenders that have run: those the leader is chosen among.
  std::vector<unsigned> ranked() const;

  std::vector<VariantRecord> Variants;
  std::vector<unsigned> InFlight; // timed runs handed out, not yet answered
  // Unusable times in a row (zero, negative, not finite) of each point;
  // at MaxUnusableTimes the point is out, as one that failed.
  std::vector<unsigned> Unusable;
  // Still in the race, the default point first, then by index: the order of
  // the first runs, and on equal times the order that wins.
  std::vector<unsigned> Contenders;
  unsigned DefaultPoint;
  unsigned Agreeing; // runs that must agree before a point is put out
  MeasurementPolicy Policy;
  RunCounts Runs;
  double FastestWarmUp = -1;
  bool Decided = false;
  bool AllFailed = false; // every point failed; Winner is the default point
  unsigned Winner;
  // choosePoint's, once decided: for the record.
  unsigned Fastest = 0;
  double TieBand = 0;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_ONLINERACE_H
