// The measurement of one tuning. Every run starts from restored buffers; the
// default point runs first because its outputs are the reference for
// verify(...) and it is where budget(n)'s search starts.
#include "Tuner.h"

#include "SpaceSearch.h"

#include <algorithm>

namespace autotune {
namespace {

double median(std::vector<double> Samples) {
  std::sort(Samples.begin(), Samples.end());
  std::size_t N = Samples.size();
  return N % 2 ? Samples[N / 2] : (Samples[N / 2 - 1] + Samples[N / 2]) / 2;
}

} // namespace

Tuner::Tuner(const SiteInfo &Info, Backend &B, const Variants &V,
             const CallArgs &Args, MeasurementPolicy Policy)
    : Info(Info), B(B), V(V), Args(Args), Policy(Policy),
      Snapshot(B, Args.Stream),
      Check(B, Args.Stream, Args.Verify, Args.VerifyCount, Args.Tolerance) {}

RunResult Tuner::runOnce(unsigned I, double &Seconds) {
  Snapshot.restore();
  Seconds = 0;
  RunResult R = B.timeVariant(V, I, Args.Stream, Seconds);
  if (R.Outcome == RunOutcome::Ok)
    TimedSeconds += Seconds;
  return R;
}

bool Tuner::warmUp(unsigned I) {
  VariantRecord &Variant = Record.Variants[I];
  double Seconds;
  RunResult R = runOnce(I, Seconds);
  if (R.Outcome == RunOutcome::LaunchFailed) {
    Variant.Status = VariantStatus::LaunchFailed;
    Variant.Problem = R.Error.empty() ? "unknown error" : R.Error;
    return true;
  }
  if (R.Outcome == RunOutcome::Fatal) {
    Variant.Status = VariantStatus::Fatal;
    Variant.Problem = R.Error.empty() ? "unknown error" : R.Error;
    Record.FatalError = true;
    Record.FatalVariant = I;
    return false;
  }
  Variant.Status = VariantStatus::Measured;
  if (Check.active()) {
    if (I == Info.DefaultPoint)
      Check.takeReference();
    else if (!Check.hasReference())
      Record.Note = "the default point did not run, so verify(...) outputs "
                    "were not checked";
    else if (!Check.matches(Variant.Problem))
      Variant.Status = VariantStatus::Rejected;
  }
  return true;
}

bool Tuner::overLimits() const {
  // Timed seconds bound the measurement; wall time also covers restores and
  // verify copies, which can dominate for large buffers and short kernels.
  double Wall =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return TimedSeconds > Policy.TimeLimit || Wall > 2 * Policy.TimeLimit;
}

bool Tuner::sampleUntil(const std::vector<unsigned> &Group, unsigned Target) {
  // Round-robin, so that a drift of clock or temperature during tuning
  // affects every variant alike.
  for (unsigned Round = 0; Round < Target; ++Round) {
    for (unsigned I : Group) {
      VariantRecord &Variant = Record.Variants[I];
      if (Variant.Status != VariantStatus::Measured ||
          Variant.Samples.size() > Round)
        continue;
      if (!Variant.Samples.empty() && overLimits())
        continue;
      double Seconds;
      RunResult R = runOnce(I, Seconds);
      if (R.Outcome == RunOutcome::Fatal) {
        Variant.Status = VariantStatus::Fatal;
        Variant.Problem = R.Error.empty() ? "unknown error" : R.Error;
        Record.FatalError = true;
        Record.FatalVariant = I;
        return false;
      }
      if (R.Outcome == RunOutcome::LaunchFailed) {
        // It ran once, then failed: not a variant to rely on.
        Variant.Status = VariantStatus::LaunchFailed;
        Variant.Problem = R.Error.empty() ? "unknown error" : R.Error;
        continue;
      }
      Variant.Samples.push_back(Seconds);
    }
  }
  for (unsigned I : Group)
    if (!Record.Variants[I].Samples.empty())
      Record.Variants[I].Median = median(Record.Variants[I].Samples);
  return true;
}

void Tuner::measureAll() {
  std::vector<unsigned> Order{Info.DefaultPoint};
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (I != Info.DefaultPoint)
      Order.push_back(I);
  for (unsigned I : Order)
    if (!warmUp(I))
      return;
  sampleUntil(Order, Policy.InitialRuns);
}

void Tuner::measureWithBudget() {
  searchSpace(Info, Info.Budget, Info.Fingerprint, [&](unsigned I) {
    Probe P;
    if (!warmUp(I) || !sampleUntil({I}, Policy.InitialRuns)) {
      P.Stop = true;
      return P;
    }
    const VariantRecord &Variant = Record.Variants[I];
    P.Ok =
        Variant.Status == VariantStatus::Measured && !Variant.Samples.empty();
    P.Seconds = Variant.Median;
    return P;
  });
}

void Tuner::race() {
  std::vector<unsigned> Alive;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (Record.Variants[I].Status == VariantStatus::Measured &&
        !Record.Variants[I].Samples.empty())
      Alive.push_back(I);
  unsigned Target = Policy.InitialRuns;
  while (Alive.size() > 1) {
    if (!sampleUntil(Alive, Target))
      return;
    auto MedianOf = [&](unsigned I) { return Record.Variants[I].Median; };
    auto Usable = [&](unsigned I) {
      return Record.Variants[I].Status == VariantStatus::Measured;
    };
    Alive.erase(std::remove_if(Alive.begin(), Alive.end(),
                               [&](unsigned I) { return !Usable(I); }),
                Alive.end());
    if (Alive.size() <= 1)
      return;
    double Leader = MedianOf(*std::min_element(
        Alive.begin(), Alive.end(),
        [&](unsigned A, unsigned B) { return MedianOf(A) < MedianOf(B); }));
    // A variant whose best run is slower than the leader's typical run is
    // out; the runs go to the variants that might still win.
    Alive.erase(std::remove_if(Alive.begin(), Alive.end(),
                               [&](unsigned I) {
                                 const std::vector<double> &S =
                                     Record.Variants[I].Samples;
                                 return *std::min_element(S.begin(), S.end()) >
                                        Leader;
                               }),
                Alive.end());
    bool Tie = std::all_of(Alive.begin(), Alive.end(), [&](unsigned I) {
      return MedianOf(I) <= Leader * (1 + Policy.Equivalent);
    });
    if (Alive.size() <= 1 || (Tie && Target >= 2 * Policy.InitialRuns) ||
        Target >= Policy.MaxRunsPerVariant || overLimits())
      return;
    Target = std::min(2 * Target, Policy.MaxRunsPerVariant);
  }
}

void Tuner::decide() {
  Record.Winner = Info.DefaultPoint;
  if (Record.FatalError)
    return;
  auto Usable = [&](unsigned I) {
    return Record.Variants[I].Status == VariantStatus::Measured &&
           !Record.Variants[I].Samples.empty();
  };
  // Strictly faster only: on a tie the default point, then the earlier
  // point, stays.
  long Best = Usable(Info.DefaultPoint) ? long(Info.DefaultPoint) : -1;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (Usable(I) &&
        (Best < 0 || Record.Variants[I].Median < Record.Variants[Best].Median))
      Best = I;
  Record.AllFailed = Best < 0;
  if (Best >= 0)
    Record.Winner = static_cast<unsigned>(Best);
}

TuningRecord Tuner::tune() {
  Start = std::chrono::steady_clock::now();
  Record = TuningRecord();
  Record.Variants.resize(Info.NumPoints);
  Record.DefaultPoint = Record.Winner = Info.DefaultPoint;

  Snapshotted = Snapshot.take(Args.Restore, Args.RestoreCount, Args.Verify,
                              Args.VerifyCount);
  if (!Snapshotted) {
    Record.NotTuned = Snapshot.problem();
  } else {
    if (Info.Budget > 0 && Info.Budget < Info.NumPoints)
      measureWithBudget();
    else
      measureAll();
    if (!Record.FatalError)
      race();
    decide();
  }
  Record.Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  return Record;
}

void Tuner::restoreInputs() {
  // After a fatal error the device refuses every operation; the program
  // must see the error of its own launch, not one of a restore copy.
  if (Snapshotted && !Record.FatalError)
    Snapshot.restore();
}

} // namespace autotune
