// Progress lines of a long tuning; see TuningProgress.h.
#include "tune/TuningProgress.h"

#include "fleet/TuningLease.h"
#include "support/TextFormat.h"
#include "tune/TuningLog.h"

namespace autotune {

TuningProgress::TuningProgress(std::function<std::string()> Where,
                               const SiteInfo &Info, unsigned Total,
                               int LogLevel, double After)
    : Where(std::move(Where)), Info(Info), Total(Total), LogLevel(LogLevel),
      After(After), Start(std::chrono::steady_clock::now()), NextLine(After) {}

double TuningProgress::elapsed() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
      .count();
}

void TuningProgress::startVariant(unsigned Nth, unsigned Point) {
  this->Nth = Nth;
  this->Point = Point;
  Racing = 0;
  ranOnce();
}

void TuningProgress::startRacing(std::size_t Count) {
  Racing = Count;
  ranOnce();
}

std::string TuningProgress::doing() const {
  if (Racing)
    return "racing the " +
           plural(static_cast<long long>(Racing), "variant", "variants") +
           " still in contention";
  return "variant " + std::to_string(Nth) + " of " + std::to_string(Total) +
         " (" + formatPoint(Info, Point) + ")";
}

void TuningProgress::ranOnce() {
  if (Lease)
    Lease->refresh();
  double Now = elapsed();
  if (Now < NextLine)
    return;
  // At most one line a second, however short the runs.
  NextLine = Now + 1.0;
  if (LogLevel >= 1) {
    logLine(Where() + ": tuning: " + doing() + ", " + formatSeconds(Now) +
            " so far");
    return;
  }
  if (Said)
    return;
  Said = true;
  logLine(Where() + ": tuning is taking long (" + formatSeconds(Now) +
          " so far, " + std::to_string(Total) +
          " variants); AUTOTUNE_LOG=1 shows its progress");
}

} // namespace autotune
