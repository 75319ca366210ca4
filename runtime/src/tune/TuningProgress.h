// What a tuning that takes long says while it runs: a user who waits more
// than about a second for one call sees why. At AUTOTUNE_LOG=1 a line per
// second (which variant of how many, the time so far); at level 0 one line
// that says tuning is taking long and how to see more.
#ifndef AUTOTUNE_SRC_TUNINGPROGRESS_H
#define AUTOTUNE_SRC_TUNINGPROGRESS_H

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace autotune {

class TuningLease;
struct SiteInfo;

class TuningProgress {
public:
  // Where: makes the prefix of the tuning's lines (describeTuning()); Info:
  // the site, whose points startVariant names; Total: the variants it will
  // measure at most. Nothing is said before After seconds. Lines are built
  // only when one is due: most tunings say nothing, and the host's time
  // between two batches of runs is the device's idle time.
  TuningProgress(std::function<std::string()> Where, const SiteInfo &Info,
                 unsigned Total, int LogLevel, double After = 1.0);

  // The tuning starts measuring its Nth variant (from 1), the site's point
  // Point.
  void startVariant(unsigned Nth, unsigned Point);
  // The tuning races the Count variants still in contention.
  void startRacing(std::size_t Count);
  // A run ended: says where the tuning is, if a line is due.
  void ranOnce();
  // Every run also refreshes Lease: the processes waiting for this tuning
  // see that it goes on.
  void keepFresh(TuningLease &L) { Lease = &L; }

private:
  double elapsed() const;
  // "variant 5 of 52 (BLOCK=256)", "racing the 3 variants still in
  // contention".
  std::string doing() const;

  std::function<std::string()> Where;
  const SiteInfo &Info;
  unsigned Total;
  int LogLevel;
  double After;
  std::chrono::steady_clock::time_point Start;
  double NextLine; // seconds since Start at which the next line is due
  bool Said = false;
  unsigned Nth = 0;       // the variant being measured: the Nth (from 1) ...
  unsigned Point = 0;     // ... the site's point Point
  std::size_t Racing = 0; // racing so many variants; 0: measuring
  TuningLease *Lease = nullptr;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGPROGRESS_H
