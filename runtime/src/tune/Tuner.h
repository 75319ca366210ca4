// Measures the variants of one site for one (device model, key) and picks
// the fastest: warm-up runs that also catch failures and check verify(...)
// outputs, then racing until the ranking is clear, decided by each variant's
// fastest run. A variant whose warm-up is already far slower than the
// fastest is cut.
#ifndef AUTOTUNE_SRC_TUNER_H
#define AUTOTUNE_SRC_TUNER_H

#include "measure/Backend.h"
#include "measure/BufferSnapshot.h"
#include "measure/OutputCheck.h"
#include "tune/MeasurementPolicy.h"
#include "tune/RaceRules.h"
#include "tune/TuningProgress.h"
#include "tune/TuningRecord.h"

#include <chrono>
#include <vector>

namespace autotune {

class Tuner {
public:
  // Progress, when given, hears of every run (lines for a long tuning).
  Tuner(const SiteInfo &Info, Backend &B, const Variants &V,
        const CallArgs &Args, MeasurementPolicy Policy = MeasurementPolicy(),
        TuningProgress *Progress = nullptr);

  // Measures and decides, then puts restore(...) and verify(...) buffers
  // back as the program left them, so that the program's own launch is the
  // one run it sees. Where tuning was impossible or had to stop (no memory
  // for the copies, a failed restore), the record's NotTuned says why and
  // its winner is the default point. An exception a variant throws past the
  // backend reaches the caller, the buffers restored.
  TuningRecord tune();

  // Measures only Points and the default point (the reference), the share
  // of a tuning split among processes (TuningGroup.h); before tune().
  void measureOnly(std::vector<unsigned> Points) {
    Share = std::move(Points);
    Shared = true;
  }

private:
  void measure();
  // Puts the buffers back; false (NotTuned set) when a copy fails.
  bool restoreInputs();
  // Before each run: restoreInputs(), then, with cold_l2, the flush.
  bool prepareRun();
  // Adds a caveat to the record's note, once.
  void addNote(const std::string &Note);
  // Marks variant I failed by R (not Ok): launch failed (true: go on) or
  // fatal (false: tuning must stop).
  bool recordFailure(unsigned I, const RunResult &R);
  // What a run that ran is good for: its time (Time), nothing (Skip: it
  // failed, recorded), or tuning must stop (Stop: a fatal failure).
  enum class RunUse { Time, Skip, Stop };
  // Counts a run that ran in Count, with its time or its failure.
  RunUse countRun(const Backend::TimedRun &Run, unsigned &Count);
  // The first run of each of Points, in their order: failures, verify(...)
  // outputs, and cuts. False when tuning must stop.
  bool warmUp(const std::vector<unsigned> &Points);
  // Warms up one batch, its length up to the backend where Length is set
  // (Backend::timeRound: Batch then holds the runs it held); the variants
  // the backend did not run go to NotRun. False when tuning must stop.
  bool warmUpBatch(std::vector<Backend::TimedRun> &Batch,
                   const Backend::RoundLength &Length,
                   std::vector<unsigned> &NotRun);
  // How many warm-ups of Seconds each a batch holds (BatchSeconds of runs,
  // at least one, at most BatchRuns).
  std::size_t runsPacedBy(double Seconds) const;
  // A warm-up that ran: its status, verify(...) outputs, the pace it sets
  // or the cut it earns.
  void acceptWarmUp(const Backend::TimedRun &Run);
  // Times Batch, restoring the inputs before each run; Length as in
  // Backend::timeRound. False when tuning must stop once its runs are
  // recorded: a restore failed, or the device failed outside the runs.
  bool timeBatch(std::vector<Backend::TimedRun> &Batch,
                 const Backend::RoundLength &Length);
  // The device can run nothing more, and none of the runs waited for is
  // to blame: NotTuned says so (true).
  bool deviceLostOutsideRuns();
  // Variant I runs no more: Why its runs so far are enough to say so.
  void cut(unsigned I, const std::string &Why);
  // Judges the variant of Run, which may win, at its first undisturbed run
  // (TimedRun::Undisturbed) and, where that was a first launch, again at its
  // first undisturbed timed run: cut when its fastest run is behind a faster
  // run of another variant before it (isBehindEarlierRun). The default
  // point is judged at a timed run only, and leaves the race (LeftRace)
  // instead of being cut. True when cut; else, unless the default point
  // just left the race, Run is one that later runs are judged against.
  bool cutIfBehindEarlier(const Backend::TimedRun &Run, bool WarmUp);
  // Whether variant I may still get runs: measured, not cut, rejected or
  // failed, and not out of the race (LeftRace).
  bool racing(unsigned I) const;
  // Timed runs until every variant in Group has Target samples (at least
  // one each, whatever the limits). False when tuning must stop.
  bool sampleUntil(const std::vector<unsigned> &Group, unsigned Target);
  // Times one batch (one round or several) and records it; a run of a
  // variant cut by an earlier run of the batch is counted, not recorded.
  // False when tuning must stop.
  bool runBatch(std::vector<Backend::TimedRun> &Batch);
  void measureAll();
  void measureWithBudget();
  // The default point, then Points, warmed up, cut, sampled InitialRuns
  // times.
  void measurePoints(std::vector<unsigned> Points);
  // Cuts variant I if its warm-up is far slower than the fastest so far.
  void cutIfFarSlower(unsigned I);
  void race();
  void decide();
  bool overLimits() const;
  void describeCutShort();

  const SiteInfo &Info;
  Backend &B;
  const Variants &V;
  const CallArgs &Args;
  MeasurementPolicy Policy;
  TuningProgress *Progress;
  unsigned Started = 0; // variants warmed up so far
  // Rounds of timed runs that ran, for their order; from 1, so that the
  // first round does not start with the default point (its warm-up was the
  // first run after the lead work already).
  unsigned RoundsStarted = 1;
  std::vector<unsigned> Share;
  bool Shared = false;
  BufferSnapshot Snapshot;
  OutputCheck Check;
  TuningRecord Record;
  bool Snapshotted = false;
  double TimedSeconds = 0;
  // Warm-ups of cut variants: spent, but not charged to the time limit.
  double CutSeconds = 0;
  double FastestWarmUp = -1;
  double SlowestWarmUp = -1; // of the kept variants: paces the batches
  // The fastest run so far (warm-up or timed) of a variant that was racing
  // when it ran, and the variants judged against it by an undisturbed run
  // that was not a first launch (their timed runs are no longer asked
  // whether undisturbed).
  double FastestRun = -1; // seconds; none yet
  std::vector<bool> Judged;
  // The default point, where a run of it judged it behind: it keeps its
  // status and times (the speed-up is against them) and races no more.
  std::vector<bool> LeftRace;
  // The device can run nothing more, and no run was to blame: restores
  // are not tried (they would fail, and hide why).
  bool LostDevice = false;
  bool LimitStoppedMeasurement = false;
  std::chrono::steady_clock::time_point Start;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNER_H
