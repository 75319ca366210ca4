// The measurement policy of one site: the defaults, the program's settings
// over them, the site's clauses over those (docs/runtime.md, "Your
// settings"): a site that asks for something in its pragma knows why.
#include "tune/MeasurementPolicy.h"

#include "support/Environment.h"

namespace autotune {

MeasurementPolicy policyFor(const SiteInfo &Info, const Environment &Env) {
  MeasurementPolicy Policy;
  if (Env.TimeLimit)
    Policy.TimeLimit = *Env.TimeLimit;
  if (Info.TimeLimit > 0)
    Policy.TimeLimit = Info.TimeLimit;
  if (Env.MinGain)
    Policy.MinGain = *Env.MinGain;
  if (Info.MinGain >= 0)
    Policy.MinGain = Info.MinGain;
  if (Env.ColdL2)
    Policy.ColdL2 = *Env.ColdL2;
  if (Info.ColdL2)
    Policy.ColdL2 = true;
  return Policy;
}

} // namespace autotune
