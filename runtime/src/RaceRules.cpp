// The racing rules; docs/runtime.md ("Measurement", "Which number ranks a
// variant") says why each is what it is.
#include "RaceRules.h"

#include "TextFormat.h"

#include <algorithm>

namespace autotune {

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

unsigned raceLeader(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders) {
  return *std::min_element(Contenders.begin(), Contenders.end(),
                           [&](unsigned A, unsigned B) {
                             return Variants[A].Best < Variants[B].Best;
                           });
}

bool isBehindLeader(const VariantRecord &Variant, const VariantRecord &Leader,
                    const MeasurementPolicy &Policy) {
  return Variant.Best > Leader.Best * (1 + Policy.Margin) ||
         (Leader.Samples.size() >= 2 && Variant.Best > Leader.Median);
}

bool raceIsOver(const std::vector<VariantRecord> &Variants,
                const std::vector<unsigned> &Contenders, unsigned Leader,
                unsigned RunsEach, const MeasurementPolicy &Policy) {
  const VariantRecord &Lead = Variants[Leader];
  bool Tie = std::all_of(Contenders.begin(), Contenders.end(), [&](unsigned I) {
    return Variants[I].Best <= Lead.Best * (1 + Policy.Equivalent);
  });
  return Contenders.size() <= 1 || (Tie && RunsEach >= Policy.TieRuns) ||
         RunsEach >= Policy.MaxRunsPerVariant;
}

} // namespace autotune
