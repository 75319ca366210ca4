// What a tuning that takes long says while it runs: a user who waits more
// than about a second for one call sees why. At AUTOTUNE_LOG=1 a line per
// second (which variant of how many, the time so far); at level 0 one line
// that says tuning is taking long and how to see more.
#ifndef AUTOTUNE_SRC_TUNINGPROGRESS_H
#define AUTOTUNE_SRC_TUNINGPROGRESS_H

#include <chrono>
#include <cstddef>
#include <string>

namespace autotune {

class TuningLease;

class TuningProgress {
public:
  // Where: the prefix of the tuning's lines (describeTuning()); Total: the
  // variants it will measure at most. Nothing is said before After seconds.
  TuningProgress(std::string Where, unsigned Total, int LogLevel,
                 double After = 1.0);

  // The tuning starts measuring its Nth variant (from 1), Point.
  void startVariant(unsigned Nth, const std::string &Point);
  // The tuning races the Count variants still in contention.
  void startRacing(std::size_t Count);
  // A run ended: says where the tuning is, if a line is due.
  void ranOnce();
  // Every run also refreshes Lease: the processes waiting for this tuning
  // see that it goes on.
  void keepFresh(TuningLease &L) { Lease = &L; }

private:
  double elapsed() const;

  std::string Where;
  unsigned Total;
  int LogLevel;
  double After;
  std::chrono::steady_clock::time_point Start;
  double NextLine; // seconds since Start at which the next line is due
  bool Said = false;
  std::string Doing; // "variant 5 of 52 (BLOCK=256)", "racing 3 variants"
  TuningLease *Lease = nullptr;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGPROGRESS_H
