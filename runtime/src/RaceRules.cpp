// The racing rules; docs/runtime.md ("Measurement", "Which number ranks a
// variant") says why each is what it is.
#include "RaceRules.h"

#include "TextFormat.h"

#include <algorithm>

namespace autotune {
namespace {

// Whether other runs of Variant came within Margin / 2 of its fastest:
// only a confirmed time is acted on, and an unconfirmed variant runs again.
// One more on a device; two more on the host, where two runs of a 1.5 ms
// statement that each lost the CPU for one time slice agree with each other
// often enough to mislead. A warm-up that only its first launch may have
// slowed agrees less the least a first run costs (FirstRunCost): if the
// kernel was loaded before and it paid nothing, it reads the variant's time
// and is its fastest run anyway.
bool isConfirmed(const VariantRecord &Variant, unsigned Agreeing,
                 const MeasurementPolicy &Policy) {
  double Within = Variant.Best * (1 + Policy.Margin / 2);
  double WarmUp = Variant.WarmUpOnlyFirstLaunch
                      ? Variant.WarmUp - Policy.FirstRunCost
                      : Variant.WarmUp;
  unsigned Close = Variant.WarmUp >= 0 && WarmUp <= Within;
  for (double S : Variant.Samples)
    Close += S <= Within;
  return Close >= Agreeing;
}

} // namespace

double median(std::vector<double> Samples) {
  std::sort(Samples.begin(), Samples.end());
  std::size_t N = Samples.size();
  return N % 2 ? Samples[N / 2] : (Samples[N / 2 - 1] + Samples[N / 2]) / 2;
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
                        const EarlierRun &Earlier, bool EarlierWarmUp,
                        const MeasurementPolicy &Policy, std::string &Why) {
  // The allowance covers what a first run may cost over the kernel's time:
  // a variant cut with it is slower than the earlier run's variant.
  double Allowance = !FirstLaunch          ? 0
                     : Earlier.FirstLaunch ? Policy.FirstRunsAllowance
                                           : Policy.FirstRunAllowance;
  if (Earlier.Seconds <= 0 ||
      !(Seconds > (1 + Policy.BehindEarlierMargin) * Earlier.Seconds) ||
      !(Seconds > Earlier.Seconds + Allowance))
    return false;
  Why = std::string(What) + " took " + formatSeconds(Seconds) + ", " +
        formatNumber("%.3g", Seconds / Earlier.Seconds) + "x " +
        (EarlierWarmUp ? "a warm-up" : "a run") + " that ran before it (" +
        formatSeconds(Earlier.Seconds) + ")";
  return true;
}

unsigned agreeingRuns(bool TimesIncludeOtherWork) {
  return TimesIncludeOtherWork ? 3 : 2;
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
  bool Behind = Variant.Best > Leader.Best * (1 + Policy.Margin) ||
                (Leader.Samples.size() >= 2 && Variant.Best > Leader.Median);
  // Twice the runs that must agree, all behind: a variant whose runs spread
  // widely (atomics, contention) may never have two that agree, and its
  // runs are better spent on the contenders.
  return Behind && (isConfirmed(Variant, Agreeing, Policy) ||
                    Variant.runs() >= 2 * Agreeing);
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
  // Within the leader's own noise, more runs would not tell the contenders
  // apart, only spend time.
  double Noise = Lead.Samples.size() >= 2 ? Lead.Median / Lead.Best - 1 : 0;
  double Band = std::min(std::max(Policy.Equivalent, Noise), Policy.TieLimit);
  bool Tie = std::all_of(Contenders.begin(), Contenders.end(), [&](unsigned I) {
    return Variants[I].Best <= Lead.Best * (1 + Band);
  });
  // Not sooner, even within 1%: two kernels whose times depend on what ran
  // before them (transpose's TILE=32 ROWS=8 and ROWS=4, 3 to 4% apart back
  // to back) read within 1% in a tuning, and the steadier of two runs each
  // was the wrong one in 2 of 12 tunings (docs/performance.md section 16).
  if (Tie && RunsEach >= Policy.TieRuns && Contenders.size() > 1)
    return RaceState::Tie;
  if (Contenders.size() <= 1 || RunsEach >= Policy.MaxRunsPerVariant)
    return RaceState::Over;
  return RaceState::Open;
}

unsigned steadiest(const std::vector<VariantRecord> &Variants,
                   const std::vector<unsigned> &Tied, unsigned DefaultPoint) {
  // Equal fastest runs: the one whose runs stay closer to it is the one the
  // program's launches meet more often.
  unsigned Steadiest = Tied.front();
  for (unsigned I : Tied)
    if (Variants[I].Median < Variants[Steadiest].Median ||
        (Variants[I].Median == Variants[Steadiest].Median && I == DefaultPoint))
      Steadiest = I;
  return Steadiest;
}

} // namespace autotune
