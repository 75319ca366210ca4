// Online racing. It differs from the blocking tuner's race only where calls
// that run one point each make it differ: a point is judged as samples
// arrive, not after a round, and there is no restore, verify(...), time
// limit or batch (the program sees one run per call; a call is not held).
#include "tune/OnlineRace.h"

#include "tune/RaceRules.h"

#include <algorithm>
#include <cmath>

namespace autotune {

OnlineRace::OnlineRace(unsigned NumPoints, unsigned DefaultPoint,
                       bool TimesIncludeOtherWork, MeasurementPolicy Policy)
    : Variants(NumPoints), InFlight(NumPoints, 0), Unusable(NumPoints, 0),
      DefaultPoint(DefaultPoint), Agreeing(agreeingRuns(TimesIncludeOtherWork)),
      Policy(Policy), Winner(DefaultPoint) {
  Contenders.push_back(DefaultPoint);
  for (unsigned I = 0; I < NumPoints; ++I)
    if (I != DefaultPoint)
      Contenders.push_back(I);
}

OnlineRace::Run OnlineRace::next() {
  Run R;
  if (Decided) {
    R.Point = Winner;
    return R;
  }
  // The fewest runs first, so that a drift of clock or temperature
  // affects every contender alike.
  const unsigned None = ~0u;
  unsigned Next = None;
  for (unsigned I : Contenders) {
    if (InFlight[I] > 0 ||
        Variants[I].Samples.size() >= Policy.MaxRunsPerVariant)
      continue;
    if (Next == None || Variants[I].runs() < Variants[Next].runs())
      Next = I;
  }
  if (Next == None) {
    R.Point = bestSoFar();
    return R;
  }
  ++InFlight[Next];
  R.Point = Next;
  R.Timed = true;
  return R;
}

unsigned OnlineRace::continueFrom(const TuningRecord &Saved) {
  if (Saved.Variants.size() != Variants.size())
    return 0;
  auto InRace = [&](unsigned I) {
    return std::find(Contenders.begin(), Contenders.end(), I) !=
           Contenders.end();
  };
  unsigned Taken = 0;
  for (std::size_t Round = 0; !Decided; ++Round) {
    bool More = false;
    // A copy: judging may put contenders out meanwhile.
    std::vector<unsigned> Order = Contenders;
    for (unsigned I : Order) {
      const VariantRecord &Was = Saved.Variants[I];
      bool HasWarmUp = Was.WarmUp >= 0;
      std::size_t Runs = HasWarmUp ? Was.runs() : 0;
      if (Decided || !InRace(I))
        continue;
      if (Round < Runs &&
          Variants[I].Samples.size() < Policy.MaxRunsPerVariant) {
        ++InFlight[I];
        ran(I, Round == 0 ? Was.WarmUp : Was.Samples[Round - 1]);
        ++Taken;
        More = true;
      } else if (Round == Runs && (Was.Status == VariantStatus::LaunchFailed ||
                                   Was.Status == VariantStatus::Fatal)) {
        failed(I, Was.Problem);
      }
    }
    if (!More)
      break;
  }
  return Taken;
}

void OnlineRace::ran(unsigned Point, double Seconds) {
  if (Decided || Point >= Variants.size() || InFlight[Point] == 0)
    return;
  --InFlight[Point];
  VariantRecord &Variant = Variants[Point];
  // A time that cannot be one is lost, not ranked: the point runs again,
  // unless it never gives one, which would keep the race open for ever.
  bool Usable = std::isfinite(Seconds) && Seconds > 0;
  if (Variant.Status == VariantStatus::LaunchFailed) {
    judge();
    return;
  }
  if (!Usable) {
    if (++Unusable[Point] < MeasurementPolicy::MaxUnusableTimes) {
      judge();
      return;
    }
    failed(Point, "its runs gave no usable time (" +
                      std::to_string(Unusable[Point]) + " in a row)");
    return;
  }
  Unusable[Point] = 0;
  if (Variant.WarmUp < 0) {
    Variant.Status = VariantStatus::Measured;
    Variant.WarmUp = Variant.Best = Seconds;
    ++Runs.WarmUps;
    if (FastestWarmUp < 0 || Seconds < FastestWarmUp)
      FastestWarmUp = Seconds;
  } else {
    Variant.Samples.push_back(Seconds);
    Variant.Best = std::min(Variant.Best, Seconds);
    Variant.Median = median(Variant.Samples);
    ++Runs.Timed;
  }
  judge();
}

void OnlineRace::failed(unsigned Point, std::string Why) {
  if (Decided || Point >= Variants.size())
    return;
  VariantRecord &Variant = Variants[Point];
  if (Variant.Status == VariantStatus::LaunchFailed)
    return;
  if (InFlight[Point] > 0) {
    --InFlight[Point];
    ++(Variant.WarmUp < 0 ? Runs.WarmUps : Runs.Timed);
  }
  Variant.Status = VariantStatus::LaunchFailed;
  Variant.Problem = Why.empty() ? "unknown error" : std::move(Why);
  Contenders.erase(std::remove(Contenders.begin(), Contenders.end(), Point),
                   Contenders.end());
  judge();
}

std::vector<unsigned> OnlineRace::ranked() const {
  std::vector<unsigned> Ranked;
  for (unsigned I : Contenders)
    if (Variants[I].WarmUp >= 0)
      Ranked.push_back(I);
  return Ranked;
}

void OnlineRace::judge() {
  if (Contenders.empty()) {
    // The program's own launch of the default point shows the real error.
    AllFailed = Decided = true;
    Winner = DefaultPoint;
    return;
  }
  std::vector<unsigned> Ranked = ranked();
  if (Ranked.empty())
    return;
  // A leader known by its warm-up alone is a lenient one: its fastest run
  // can only come down.
  unsigned Leader = raceLeader(Variants, Ranked);
  auto IsOut = [&](unsigned I) {
    VariantRecord &Variant = Variants[I];
    // A point with a run in flight is judged once that run is in: it is
    // spent already, and may be the point's fastest.
    if (Variant.WarmUp < 0 || InFlight[I] > 0 || I == Leader)
      return false;
    // A warm-up alone may be slowed by loading, a cold cache or clock: by
    // itself it only cuts a point far slower than the fastest warm-up.
    if (Variant.Samples.size() < Policy.InitialRuns) {
      if (!isCut(Variant.WarmUp, FastestWarmUp, Policy, Variant.Problem))
        return false;
      Variant.Status = VariantStatus::Cut;
      return true;
    }
    return isOutOfRace(Variant, Variants[Leader], Agreeing, Policy);
  };
  Contenders.erase(std::remove_if(Contenders.begin(), Contenders.end(), IsOut),
                   Contenders.end());
  // A contender not yet judged may be the fastest.
  for (unsigned I : Contenders)
    if (Variants[I].WarmUp < 0 ||
        Variants[I].Samples.size() < Policy.InitialRuns)
      return;
  if (raceState(Variants, Contenders, Leader, Policy) == RaceState::Open)
    return;
  Decided = true;
  Decision C = choosePoint(pointTimes(Variants, Policy), DefaultPoint, Policy);
  Winner = C.Winner;
  Fastest = C.Fastest;
  TieBand = C.Band;
}

unsigned OnlineRace::bestSoFar() const {
  if (Decided)
    return Winner;
  std::vector<unsigned> Ranked = ranked();
  if (!Ranked.empty())
    return raceLeader(Variants, Ranked);
  if (Variants[DefaultPoint].Status != VariantStatus::LaunchFailed)
    return DefaultPoint;
  // A point whose run is in flight has launched; the default point has not.
  for (unsigned I : Contenders)
    if (InFlight[I] > 0)
      return I;
  return DefaultPoint;
}

TuningRecord OnlineRace::record() const {
  TuningRecord Record;
  Record.Variants = Variants;
  Record.DefaultPoint = DefaultPoint;
  Record.Winner = bestSoFar();
  Record.Fastest = Decided ? Fastest : Record.Winner;
  Record.TieBand = Decided ? TieBand : 0;
  Record.MinGain = Policy.MinGain;
  Record.AllFailed = AllFailed;
  Record.Runs = Runs;
  return Record;
}

} // namespace autotune
