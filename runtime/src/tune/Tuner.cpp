// The measurement of one tuning. Every run starts from restored buffers; the
// default point runs first because its outputs are the reference for
// verify(...) and it is where budget(n)'s search starts.
#include "tune/Tuner.h"

#include "measure/BufferExtents.h"
#include "site/ExtentChange.h"
#include "support/TextFormat.h"
#include "tune/RaceRules.h"
#include "tune/SpaceSearch.h"
#include "tune/TuningLog.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <new>

namespace autotune {

Tuner::Tuner(const SiteInfo &Info, Backend &B, const Variants &V,
             const CallArgs &Args, MeasurementPolicy Policy,
             TuningProgress *Progress)
    : Info(Info), B(B), V(V), Args(Args), Policy(Policy), Progress(Progress),
      Snapshot(B, Args.Stream),
      Check(B, Args.Stream, Args.Verify, Args.VerifyCount, Args.RelTolerance,
            Args.AbsTolerance) {}

bool Tuner::recordFailure(unsigned I, const RunResult &R) {
  VariantRecord &Variant = Record.Variants[I];
  Variant.Problem = R.Error.empty() ? "unknown error" : R.Error;
  if (R.Outcome == RunOutcome::LaunchFailed) {
    Variant.Status = VariantStatus::LaunchFailed;
    return true;
  }
  Variant.Status = VariantStatus::Fatal;
  Record.FatalError = true;
  Record.FatalVariant = I;
  return false;
}

Tuner::RunUse Tuner::countRun(const Backend::TimedRun &Run, unsigned &Count) {
  ++Count;
  if (Progress)
    Progress->ranOnce();
  if (Run.Result.Outcome != RunOutcome::Ok)
    return recordFailure(Run.Variant, Run.Result) ? RunUse::Skip : RunUse::Stop;
  TimedSeconds += Run.Seconds;
  return RunUse::Time;
}

bool Tuner::warmUp(const std::vector<unsigned> &Points) {
  // Queued in batches, as timed runs are, once a warm-up has given their
  // pace (the slowest kept so far, so that a batch of slow variants stays
  // short enough for the lease's refreshes; a rejected or cut one would
  // leave every later warm-up alone); one at a time where verify(...)
  // reads each variant's outputs after its run. Until a warm-up has given
  // the pace, a batch offers every point left and the backend holds as
  // many as the time of its first run paces (Backend::RoundLength): the
  // host queues the next warm-ups while the first one runs, instead of
  // waiting for it alone. A run the backend did not time (a round cut
  // short) is warmed up again alone.
  std::vector<unsigned> Again;
  std::size_t Next = 0;
  while (Next < Points.size()) {
    std::vector<Backend::TimedRun> Batch;
    bool Paced = SlowestWarmUp > 0;
    std::size_t Fits = Paced ? runsPacedBy(SlowestWarmUp) : Policy.BatchRuns;
    do {
      Backend::TimedRun Run;
      Run.Variant = Points[Next++];
      Run.AskUndisturbed = true;
      Batch.push_back(Run);
    } while (Next < Points.size() && !Check.active() && Batch.size() < Fits);
    std::size_t Offered = Batch.size();
    Backend::RoundLength Length;
    if (!Paced)
      Length = [this](double FirstRunSeconds) {
        return runsPacedBy(FirstRunSeconds);
      };
    if (!warmUpBatch(Batch, Length, Again))
      return false;
    // The points the backend did not hold go to the next batch: a prefix
    // was held, never none (Backend::timeRound).
    assert(!Batch.empty() && Batch.size() <= Offered);
    Next -= Offered - Batch.size();
  }
  for (unsigned I : Again) {
    std::vector<Backend::TimedRun> Batch(1);
    Batch[0].Variant = I; // alone: first in its round, never undisturbed
    std::vector<unsigned> NotRun;
    if (!warmUpBatch(Batch, nullptr, NotRun))
      return false;
  }
  return true;
}

std::size_t Tuner::runsPacedBy(double Seconds) const {
  // Runs until they reach BatchSeconds: one home for the pace of every
  // warm-up batch, before its runs (a warm-up's time known) or after its
  // first (Backend::RoundLength).
  if (Seconds <= 0)
    return Policy.BatchRuns;
  return static_cast<std::size_t>(
      std::clamp(std::ceil(Policy.BatchSeconds / Seconds), 1.0,
                 static_cast<double>(Policy.BatchRuns)));
}

bool Tuner::warmUpBatch(std::vector<Backend::TimedRun> &Batch,
                        const Backend::RoundLength &Length,
                        std::vector<unsigned> &NotRun) {
  bool GoOn = timeBatch(Batch, Length);
  for (const Backend::TimedRun &Run : Batch) {
    if (!Run.Ran) {
      NotRun.push_back(Run.Variant);
      continue;
    }
    if (Progress)
      Progress->startVariant(++Started, Run.Variant);
    RunUse Use = countRun(Run, Record.Runs.WarmUps);
    if (Use == RunUse::Stop)
      return false;
    if (Use == RunUse::Time)
      acceptWarmUp(Run);
  }
  return GoOn;
}

void Tuner::acceptWarmUp(const Backend::TimedRun &Run) {
  unsigned I = Run.Variant;
  VariantRecord &Variant = Record.Variants[I];
  Variant.Status = VariantStatus::Measured;
  Variant.WarmUp = Variant.Best = Run.Seconds;
  if (Check.active()) {
    std::string Problem;
    if (I == Info.DefaultPoint) {
      if (!Check.takeReference(Problem))
        addNote("verify(...) outputs were not checked: " + Problem);
    } else if (!Check.hasReference()) {
      addNote("the default point did not run, so verify(...) outputs were "
              "not checked");
    } else if (!Check.matches(Problem)) {
      Variant.Status = VariantStatus::Rejected;
      Variant.Problem = Problem;
    }
    addNote(Check.takeNote());
  }
  // Only a variant that may win sets the pace.
  if (Variant.Status != VariantStatus::Measured ||
      cutIfBehindEarlier(Run, /*WarmUp=*/true))
    return;
  if (FastestWarmUp < 0 || Run.Seconds < FastestWarmUp)
    FastestWarmUp = Run.Seconds;
  SlowestWarmUp = std::max(SlowestWarmUp, Run.Seconds);
}

bool Tuner::cutIfBehindEarlier(const Backend::TimedRun &Run, bool WarmUp) {
  unsigned I = Run.Variant;
  const VariantRecord &Variant = Record.Variants[I];
  // The default point is judged at a timed run only: its warm-up is the
  // first run of its round (after the lead work, never undisturbed), and
  // where it is behind it leaves the race instead of being cut.
  bool Default = I == Info.DefaultPoint;
  if (Run.Undisturbed && !Judged[I] && !(Default && WarmUp)) {
    // A first launch is judged with the first run's allowance, and judged
    // again, without it, at the variant's first undisturbed timed run: a
    // variant 10 % behind that only the allowance kept is cut there instead
    // of running again to confirm its time.
    bool FirstRun = WarmUp && Run.FirstLaunch;
    Judged[I] = !FirstRun;
    // Every run reads at least the variant's time: its fastest so far (a
    // disturbed run before this one may have read faster) is judged. At a
    // timed run it is no slower than that run, which is not a first launch:
    // no allowance is due.
    const char *What = WarmUp                        ? "its warm-up"
                       : Variant.Best == Run.Seconds ? "a timed run of it"
                                                     : "its fastest run";
    std::string Why;
    if (isBehindEarlierRun(Variant.Best, FirstRun, What, FastestRun, WarmUp,
                           Policy, Why)) {
      // The speed-up is reported against the default point's time: it
      // stays measured, and races no more.
      if (Default)
        LeftRace[I] = true;
      else
        cut(I, Why);
      return !Default;
    }
  }
  if (FastestRun < 0 || Run.Seconds < FastestRun)
    FastestRun = Run.Seconds;
  return false;
}

bool Tuner::racing(unsigned I) const {
  return Record.Variants[I].Status == VariantStatus::Measured && !LeftRace[I];
}

bool Tuner::deviceLostOutsideRuns() {
  std::string Lost = B.deviceLost();
  if (Lost.empty())
    return false;
  LostDevice = true;
  Record.NotTuned =
      "the device failed during tuning, after the runs that were waited for "
      "had finished (" +
      Lost + "); tuning stopped";
  return true;
}

void Tuner::cut(unsigned I, const std::string &Why) {
  VariantRecord &Variant = Record.Variants[I];
  Variant.Status = VariantStatus::Cut;
  Variant.Problem = Why;
  TimedSeconds -= Variant.WarmUp;
  CutSeconds += Variant.WarmUp;
}

void Tuner::cutIfFarSlower(unsigned I) {
  VariantRecord &Variant = Record.Variants[I];
  std::string Why;
  if (Variant.Status == VariantStatus::Measured &&
      isCut(Variant.WarmUp, FastestWarmUp, Policy, Why))
    cut(I, Why);
}

bool Tuner::overLimits() const {
  // Timed seconds bound the measurement; wall time also covers restores and
  // verify copies, which can dominate for large buffers and short kernels.
  // Neither counts the warm-ups of cut variants: one very slow variant
  // must not leave the others a single run each.
  double Wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count() -
      CutSeconds;
  return TimedSeconds > Policy.TimeLimit ||
         Wall > Policy.WallFactor * Policy.TimeLimit;
}

bool Tuner::timeBatch(std::vector<Backend::TimedRun> &Batch,
                      const Backend::RoundLength &Length) {
  // A profiler's range per run, named by its point: the backend prepares
  // the runs in order, each just before its launch, so the range of run K
  // holds its restore and its launch.
  std::size_t Next = 0;
  auto Prepare = [&] {
    if (Next > 0)
      B.endRange();
    if (Next < Batch.size())
      B.beginRange(formatPoint(Info, Batch[Next].Variant));
    ++Next;
    return prepareRun();
  };
  bool Prepared = B.timeRound(V, Batch, Args.Stream, Prepare, Length);
  if (Next > 0)
    B.endRange();
  // Runs are queued: a run that broke the device may first show in the
  // restore copy after it. The broken run is the news, not that copy.
  bool FatalRun =
      std::any_of(Batch.begin(), Batch.end(), [](const Backend::TimedRun &Run) {
        return Run.Ran && Run.Result.Outcome == RunOutcome::Fatal;
      });
  if (FatalRun && !Prepared)
    Record.NotTuned.clear();
  // A restore copy that failed may have met a device lost in no run: that
  // is what the log must say, and no restore is tried again.
  if (!FatalRun && deviceLostOutsideRuns())
    return false;
  return Prepared;
}

bool Tuner::runBatch(std::vector<Backend::TimedRun> &Batch) {
  bool GoOn = timeBatch(Batch, nullptr);
  for (const Backend::TimedRun &Run : Batch) {
    if (!Run.Ran)
      continue;
    // A variant that ran once, then failed, is not one to rely on.
    RunUse Use = countRun(Run, Record.Runs.Timed);
    if (Use == RunUse::Stop)
      return false;
    VariantRecord &Variant = Record.Variants[Run.Variant];
    // Cut, or out of the race, by an earlier run of this batch (several
    // rounds share one): the run was spent, but the variant is out, and its
    // time stays the one it was judged by.
    if (Use == RunUse::Skip || !racing(Run.Variant))
      continue;
    Variant.Samples.push_back(Run.Seconds);
    Variant.Best = std::min(Variant.Best, Run.Seconds);
    // A variant whose warm-up was disturbed (the first of its batch, a
    // launch that outlasted the run before it) is judged at its first
    // undisturbed timed run instead.
    cutIfBehindEarlier(Run, /*WarmUp=*/false);
  }
  return GoOn;
}

bool Tuner::sampleUntil(const std::vector<unsigned> &Group, unsigned Target) {
  // Round-robin, so that a drift of clock or temperature during tuning
  // affects every variant alike. Rounds go to the backend in batches of
  // about BatchSeconds of runs (by each variant's fastest run so far), so
  // that the limits are checked between batches; a batch may hold several
  // short rounds, since each batch costs a wait for the device and the
  // host's time to queue the next. Each round starts one variant further
  // on: the first run of a batch may read slow (it follows the backend's
  // lead work, not a run), and that must not always be the same variant's
  // run (the default point's, whose warm-up was the first run of the
  // warm-ups' first round).
  std::vector<Backend::TimedRun> Batch;
  double BatchSeconds = 0;
  // Runs of each variant in Batch, not yet in its Samples.
  std::vector<unsigned> Queued(Record.Variants.size(), 0);
  auto RunQueued = [&] {
    bool GoOn = runBatch(Batch);
    Batch.clear();
    BatchSeconds = 0;
    std::fill(Queued.begin(), Queued.end(), 0);
    return GoOn;
  };
  for (unsigned Round = 0; Round < Target; ++Round) {
    std::size_t First = RoundsStarted % Group.size();
    bool QueuedThisRound = false;
    for (std::size_t Nth = 0; Nth < Group.size(); ++Nth) {
      unsigned I = Group[(First + Nth) % Group.size()];
      VariantRecord &Variant = Record.Variants[I];
      std::size_t Runs = Variant.Samples.size() + Queued[I];
      if (!racing(I) || Runs > Round)
        continue;
      if (Runs > 0 && overLimits()) {
        LimitStoppedMeasurement = true;
        continue;
      }
      Backend::TimedRun Run;
      Run.Variant = I;
      Run.AskUndisturbed = !Judged[I];
      Batch.push_back(Run);
      ++Queued[I];
      QueuedThisRound = true;
      BatchSeconds += Variant.Best;
      if (BatchSeconds < Policy.BatchSeconds && Batch.size() < Policy.BatchRuns)
        continue;
      if (!RunQueued())
        return false;
    }
    RoundsStarted += QueuedThisRound;
  }
  if (!Batch.empty() && !RunQueued())
    return false;
  for (unsigned I : Group)
    if (!Record.Variants[I].Samples.empty())
      Record.Variants[I].Median = median(Record.Variants[I].Samples);
  return true;
}

void Tuner::measureAll() {
  std::vector<unsigned> Order;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    Order.push_back(I);
  measurePoints(std::move(Order));
}

void Tuner::measurePoints(std::vector<unsigned> Points) {
  std::vector<unsigned> Order{Info.DefaultPoint};
  for (unsigned I : Points)
    if (I != Info.DefaultPoint && I < Info.NumPoints &&
        std::find(Order.begin(), Order.end(), I) == Order.end())
      Order.push_back(I);
  if (!warmUp(Order))
    return;
  // Against the fastest of all warm-ups, so that the order of the points
  // does not decide what is cut.
  for (unsigned I : Order)
    cutIfFarSlower(I);
  sampleUntil(Order, Policy.InitialRuns);
}

void Tuner::measureWithBudget() {
  searchSpace(Info, Info.Budget, Info.Fingerprint, [&](unsigned I) {
    Probe P;
    if (!warmUp({I})) {
      P.Stop = true;
      return P;
    }
    // Against the fastest warm-up so far: the search has to go on without
    // knowing the points it has not reached.
    cutIfFarSlower(I);
    const VariantRecord &Variant = Record.Variants[I];
    if (Variant.Status == VariantStatus::Cut) {
      P.Ok = true; // slow, not wrong: the search may step past it
      P.Seconds = Variant.WarmUp;
      return P;
    }
    if (!sampleUntil({I}, Policy.InitialRuns)) {
      P.Stop = true;
      return P;
    }
    // Cut at its timed run (a backend that finds a run alone undisturbed;
    // the CUDA backend never does): slow, not wrong, as above.
    P.Ok = Variant.hasTimedRuns() || Variant.Status == VariantStatus::Cut;
    P.Seconds = Variant.Best;
    return P;
  });
}

void Tuner::race() {
  std::vector<unsigned> Alive;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (racing(I) && Record.Variants[I].hasTimedRuns())
      Alive.push_back(I);
  unsigned Target = Policy.InitialRuns;
  while (Alive.size() > 1) {
    if (Progress)
      Progress->startRacing(Alive.size());
    if (!sampleUntil(Alive, Target))
      return;
    Alive.erase(std::remove_if(Alive.begin(), Alive.end(),
                               [&](unsigned I) { return !racing(I); }),
                Alive.end());
    if (Alive.size() <= 1)
      return;
    unsigned Leader = raceLeader(Record.Variants, Alive);
    // The runs go to the variants that might still win.
    unsigned Agreeing = agreeingRuns(B.timesIncludeOtherWork());
    Alive.erase(std::remove_if(Alive.begin(), Alive.end(),
                               [&](unsigned I) {
                                 return isOutOfRace(Record.Variants[I],
                                                    Record.Variants[Leader],
                                                    Agreeing, Policy);
                               }),
                Alive.end());
    if (raceState(Record.Variants, Alive, Leader, Policy) == RaceState::Over)
      return;
    if (overLimits()) {
      LimitStoppedMeasurement = true;
      return;
    }
    Target = std::min(2 * Target, Policy.MaxRunsPerVariant);
  }
}

void Tuner::describeCutShort() {
  // Every variant that can win has its warm-up and a timed run, whatever
  // the limits: what they can cut short is the race between the fastest.
  if (!LimitStoppedMeasurement || Record.FatalError || !Record.NotTuned.empty())
    return;
  Record.CutShort = "the time limit (" + formatSeconds(Policy.TimeLimit) +
                    " of timed runs, " +
                    formatSeconds(Policy.WallFactor * Policy.TimeLimit) +
                    " in all) cut measurement short: the fastest variants "
                    "were not told apart";
}

void Tuner::decide() {
  Record.Winner = Record.Fastest = Info.DefaultPoint;
  if (Record.FatalError || !Record.NotTuned.empty())
    return;
  std::vector<PointTimes> Times = pointTimes(Record.Variants, Policy);
  Record.AllFailed =
      std::none_of(Times.begin(), Times.end(),
                   [](const PointTimes &T) { return T.Best >= 0; });
  Decision C = choosePoint(Times, Info.DefaultPoint, Policy);
  Record.Winner = C.Winner;
  Record.Fastest = C.Fastest;
  Record.TieBand = C.Band;
  Record.MinGain = Policy.MinGain;
}

TuningRecord Tuner::tune() {
  Start = std::chrono::steady_clock::now();
  // The tuning as one profiler range, its runs inside it (timeBatch).
  struct TuningRange {
    Backend &B;
    ~TuningRange() { B.endRange(); }
  };
  B.beginRange("autotune " +
               (Progress ? Progress->where() : std::string(Info.Name)));
  TuningRange Range{B};
  Record = TuningRecord();
  Record.Variants.resize(Info.NumPoints);
  Judged.assign(Info.NumPoints, false);
  LeftRace.assign(Info.NumPoints, false);
  // Processes tuning together compare their shares through the default
  // point's time, which racing keeps refining: it is never judged.
  if (Shared && Info.DefaultPoint < Info.NumPoints)
    Judged[Info.DefaultPoint] = true;
  Record.DefaultPoint = Record.Winner = Info.DefaultPoint;
  Record.Extents = bufferExtents(Args);
  try {
    measure();
  } catch (const std::bad_alloc &) {
    // Snapshots or copies for verify(...) did not fit in host memory: the
    // default point is always a valid choice.
    Record.NotTuned = "not enough host memory for restore/verify";
    Record.Winner = Info.DefaultPoint;
  } catch (...) {
    // A variant threw past the backend: the program gets its exception,
    // and its buffers as it left them.
    (void)restoreInputs();
    throw;
  }
  // The program's own launch follows: it must see one run.
  if (!restoreInputs())
    Record.Winner = Info.DefaultPoint;
  Record.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Record;
}

void Tuner::measure() {
  // A range that does not fit its memory would fault in the snapshot copy,
  // or save and put back the wrong bytes: the default point is safe.
  std::string ExtentProblem = checkBufferExtents(B, Args);
  if (!ExtentProblem.empty()) {
    Record.NotTuned = ExtentProblem;
    return;
  }
  if (!(Snapshotted = Snapshot.take(Args.Restore, Args.RestoreCount,
                                    Args.Verify, Args.VerifyCount))) {
    Record.NotTuned = Snapshot.problem();
    return;
  }
  bool Budgeted = searchesWithBudget(Info);
  // A share of every point searches as a tuning alone does.
  if (Shared && !(Budgeted && Share.size() + 1 >= Info.NumPoints))
    measurePoints(Share);
  else if (Budgeted)
    measureWithBudget();
  else
    measureAll();
  if (!Record.FatalError && Record.NotTuned.empty())
    race();
  decide();
  describeCutShort();
}

void Tuner::addNote(const std::string &Note) {
  // Each caveat once, whichever run met it first.
  if (Note.empty() || Record.Note.find(Note) != std::string::npos)
    return;
  Record.Note += (Record.Note.empty() ? "" : "; ") + Note;
}

bool Tuner::prepareRun() {
  if (!restoreInputs())
    return false;
  if (!Policy.ColdL2)
    return true;
  CopyResult Flushed = B.flushCache(Args.Stream);
  if (!Flushed.ok()) {
    // Timed warm from here on, all alike: said, not fatal.
    Policy.ColdL2 = false;
    addNote("measure(cold_l2): the L2 could not be flushed (" + Flushed.Error +
            "); the runs from there on were timed with a warm L2");
  }
  return true;
}

bool Tuner::restoreInputs() {
  // After a fatal error the device refuses every operation; the program
  // must see the error of its own launch, not one of a restore copy.
  if (!Snapshotted || Record.FatalError || LostDevice)
    return true;
  Record.Runs.Restores += !Snapshot.empty();
  if (Snapshot.restore())
    return true;
  // The program's buffers are not as it left them: measuring on would time
  // the variants on other inputs.
  Record.NotTuned = Snapshot.problem() + "; tuning stopped";
  return false;
}

} // namespace autotune
