// The rules of a race between the variants of one tuning: who is cut after
// its warm-up, who leads, who is out, when it is over. One home for the
// blocking tuner (Tuner), which judges after each round, and online tuning
// (OnlineRace), which judges as samples arrive.
#ifndef AUTOTUNE_SRC_RACERULES_H
#define AUTOTUNE_SRC_RACERULES_H

#include "MeasurementPolicy.h"
#include "TuningRecord.h"

#include <string>
#include <vector>

namespace autotune {

// Of a variant's timed runs; Samples must not be empty.
double median(std::vector<double> Samples);

// Whether a variant whose warm-up took WarmUp is cut, not run again: it is
// CutRatio times slower than FastestWarmUp, the fastest warm-up of a variant
// that may win, and at least CutMinSeconds long. Why then says so.
bool isCut(double WarmUp, double FastestWarmUp, const MeasurementPolicy &Policy,
           std::string &Why);

// The contender with the fastest run (VariantRecord::Best); on equal runs
// the first in Contenders. Every contender has a run; Contenders is not
// empty.
unsigned raceLeader(const std::vector<VariantRecord> &Variants,
                    const std::vector<unsigned> &Contenders);

// Whether Variant is out of the race against Leader: its fastest run is
// more than Margin slower than the leader's fastest (every one of its runs
// would have to have been slowed by more than that), or, once the leader
// has timed runs to show its typical time, slower than that. The leader is
// never behind itself.
bool isBehindLeader(const VariantRecord &Variant, const VariantRecord &Leader,
                    const MeasurementPolicy &Policy);

// Whether the race is over once the Contenders left by isBehindLeader have
// RunsEach timed runs each: one is left, they are a tie (within Equivalent
// of the leader after TieRuns runs), or they have MaxRunsPerVariant runs.
bool raceIsOver(const std::vector<VariantRecord> &Variants,
                const std::vector<unsigned> &Contenders, unsigned Leader,
                unsigned RunsEach, const MeasurementPolicy &Policy);

} // namespace autotune

#endif // AUTOTUNE_SRC_RACERULES_H
