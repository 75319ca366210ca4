// The measurement of one tuning. Every run starts from restored buffers; the
// default point runs first because its outputs are the reference for
// verify(...) and it is where budget(n)'s search starts.
#include "Tuner.h"

#include "BufferExtents.h"
#include "ExtentChange.h"
#include "RaceRules.h"
#include "SpaceSearch.h"
#include "TextFormat.h"
#include "TuningLog.h"

#include <algorithm>
#include <new>

namespace autotune {

Tuner::Tuner(const SiteInfo &Info, Backend &B, const Variants &V,
             const CallArgs &Args, MeasurementPolicy Policy,
             TuningProgress *Progress)
    : Info(Info), B(B), V(V), Args(Args), Policy(Policy), Progress(Progress),
      Snapshot(B, Args.Stream),
      Check(B, Args.Stream, Args.Verify, Args.VerifyCount, Args.Tolerance) {}

bool Tuner::runOnce(unsigned I, RunResult &R, double &Seconds) {
  if (!restoreInputs())
    return false;
  Seconds = 0;
  R = B.timeVariant(V, I, Args.Stream, Seconds);
  ++Record.Runs.WarmUps;
  if (R.Outcome == RunOutcome::Ok)
    TimedSeconds += Seconds;
  if (Progress)
    Progress->ranOnce();
  return true;
}

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

bool Tuner::warmUp(unsigned I) {
  VariantRecord &Variant = Record.Variants[I];
  if (Progress)
    Progress->startVariant(++Started, formatPoint(Info, I));
  RunResult R;
  double Seconds;
  if (!runOnce(I, R, Seconds))
    return false;
  if (R.Outcome != RunOutcome::Ok)
    return recordFailure(I, R);
  Variant.Status = VariantStatus::Measured;
  Variant.WarmUp = Variant.Best = Seconds;
  if (Check.active()) {
    std::string Problem;
    if (I == Info.DefaultPoint) {
      if (!Check.takeReference(Problem))
        Record.Note = "verify(...) outputs were not checked: " + Problem;
    } else if (!Check.hasReference()) {
      if (Record.Note.empty())
        Record.Note = "the default point did not run, so verify(...) "
                      "outputs were not checked";
    } else if (!Check.matches(Problem)) {
      Variant.Status = VariantStatus::Rejected;
      Variant.Problem = Problem;
    }
  }
  // Only a variant that may win sets the pace.
  if (Variant.Status == VariantStatus::Measured &&
      (FastestWarmUp < 0 || Seconds < FastestWarmUp))
    FastestWarmUp = Seconds;
  return true;
}

void Tuner::cutIfFarSlower(unsigned I) {
  VariantRecord &Variant = Record.Variants[I];
  if (Variant.Status != VariantStatus::Measured ||
      !isCut(Variant.WarmUp, FastestWarmUp, Policy, Variant.Problem))
    return;
  Variant.Status = VariantStatus::Cut;
  TimedSeconds -= Variant.WarmUp;
  CutSeconds += Variant.WarmUp;
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
  return TimedSeconds > Policy.TimeLimit || Wall > 2 * Policy.TimeLimit;
}

bool Tuner::runBatch(std::vector<Backend::TimedRun> &Batch) {
  bool Prepared =
      B.timeRound(V, Batch, Args.Stream, [this] { return restoreInputs(); });
  // Runs are queued: a run that broke the device may first show in the
  // restore copy after it. The broken run is the news, not that copy.
  bool FatalRun =
      std::any_of(Batch.begin(), Batch.end(), [](const Backend::TimedRun &Run) {
        return Run.Ran && Run.Result.Outcome == RunOutcome::Fatal;
      });
  if (FatalRun && !Prepared)
    Record.NotTuned.clear();
  for (const Backend::TimedRun &Run : Batch) {
    if (!Run.Ran)
      continue;
    ++Record.Runs.Timed;
    if (Progress)
      Progress->ranOnce();
    if (Run.Result.Outcome != RunOutcome::Ok) {
      // A variant that ran once, then failed, is not one to rely on.
      if (!recordFailure(Run.Variant, Run.Result))
        return false;
      continue;
    }
    TimedSeconds += Run.Seconds;
    VariantRecord &Variant = Record.Variants[Run.Variant];
    Variant.Samples.push_back(Run.Seconds);
    Variant.Best = std::min(Variant.Best, Run.Seconds);
  }
  return Prepared;
}

bool Tuner::sampleUntil(const std::vector<unsigned> &Group, unsigned Target) {
  // Round-robin, so that a drift of clock or temperature during tuning
  // affects every variant alike. A round goes to the backend in batches of
  // about BatchSeconds of runs (by each variant's fastest run so far), so
  // that the limits are checked between batches.
  for (unsigned Round = 0; Round < Target; ++Round) {
    std::vector<Backend::TimedRun> Batch;
    double BatchSeconds = 0;
    for (unsigned I : Group) {
      VariantRecord &Variant = Record.Variants[I];
      if (Variant.Status != VariantStatus::Measured ||
          Variant.Samples.size() > Round)
        continue;
      if (!Variant.Samples.empty() && overLimits()) {
        LimitStoppedMeasurement = true;
        continue;
      }
      Backend::TimedRun Run;
      Run.Variant = I;
      Batch.push_back(Run);
      BatchSeconds += Variant.Best;
      if (BatchSeconds < Policy.BatchSeconds)
        continue;
      if (!runBatch(Batch))
        return false;
      Batch.clear();
      BatchSeconds = 0;
    }
    if (!Batch.empty() && !runBatch(Batch))
      return false;
  }
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
  for (unsigned I : Order)
    if (!warmUp(I))
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
    if (!warmUp(I)) {
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
    P.Ok = Variant.hasTimedRuns();
    P.Seconds = Variant.Best;
    return P;
  });
}

void Tuner::race() {
  std::vector<unsigned> Alive;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (Record.Variants[I].hasTimedRuns())
      Alive.push_back(I);
  unsigned Target = Policy.InitialRuns;
  while (Alive.size() > 1) {
    if (Progress)
      Progress->startRacing(Alive.size());
    if (!sampleUntil(Alive, Target))
      return;
    Alive.erase(std::remove_if(Alive.begin(), Alive.end(),
                               [&](unsigned I) {
                                 return Record.Variants[I].Status !=
                                        VariantStatus::Measured;
                               }),
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
    RaceState State = raceState(Record.Variants, Alive, Leader, Policy);
    if (State == RaceState::Tie) {
      Tied = Alive;
      return;
    }
    if (State == RaceState::Over)
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
                    " of timed runs, " + formatSeconds(2 * Policy.TimeLimit) +
                    " in all) cut measurement short: the fastest variants "
                    "were not told apart";
}

void Tuner::decide() {
  Record.Winner = Info.DefaultPoint;
  if (Record.FatalError || !Record.NotTuned.empty())
    return;
  auto Usable = [&](unsigned I) { return Record.Variants[I].hasTimedRuns(); };
  // Strictly faster only: on a tie the default point, then the earlier
  // point, stays.
  long Best = Usable(Info.DefaultPoint) ? long(Info.DefaultPoint) : -1;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (Usable(I) &&
        (Best < 0 || Record.Variants[I].Best < Record.Variants[Best].Best))
      Best = I;
  Record.AllFailed = Best < 0;
  if (Best >= 0)
    Record.Winner = static_cast<unsigned>(Best);
  // Racing ended in a tie of fastest runs: the steadier contender wins.
  if (!Tied.empty())
    Record.Winner = steadiest(Record.Variants, Tied, Info.DefaultPoint);
}

TuningRecord Tuner::tune() {
  Start = std::chrono::steady_clock::now();
  Record = TuningRecord();
  Record.Variants.resize(Info.NumPoints);
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

bool Tuner::restoreInputs() {
  // After a fatal error the device refuses every operation; the program
  // must see the error of its own launch, not one of a restore copy.
  if (!Snapshotted || Record.FatalError)
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
