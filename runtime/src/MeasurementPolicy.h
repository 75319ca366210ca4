// How much measuring a tuning does and when racing stops: the numbers the
// blocking tuner (Tuner) and online tuning (OnlineRace) are given.
#ifndef AUTOTUNE_SRC_MEASUREMENTPOLICY_H
#define AUTOTUNE_SRC_MEASUREMENTPOLICY_H

namespace autotune {

struct MeasurementPolicy {
  // Timed runs of every variant before racing: one, since the warm-up is a
  // run too (by its fastest run, a variant is ranked on both).
  unsigned InitialRuns = 1;
  unsigned MaxRunsPerVariant = 48; // racing doubles runs up to this
  double TimeLimit = 1.0;   // seconds of timed runs after which racing stops
  double Equivalent = 0.01; // contenders within 1% of the leader are a tie
  unsigned TieRuns = 4;     // ... once they have this many timed runs
  // ... and so are contenders within the leader's noise, up to 3%.
  double TieLimit = 0.03;
  // A variant whose fastest run is more than 10% slower than the leader's
  // is out of the race.
  double Margin = 0.10;
  // Runs go to the backend in batches of about this many seconds, queued
  // back to back; the limits are checked between batches ...
  double BatchSeconds = 0.02;
  // ... of at most this many runs (each holds a pair of events).
  unsigned BatchRuns = 64;
  // A variant whose warm-up is CutRatio times slower than the fastest
  // warm-up, and at least CutMinSeconds long, is not run again: it cannot
  // win, and its runs would eat the time limit of the others. The floor
  // (a tenth of the time limit) keeps a first-run or scheduling hiccup from
  // cutting a contender; below it, racing drops a slow variant cheaply.
  double CutRatio = 10;
  double CutMinSeconds = 0.1;
  // A variant whose first run that the backend saw nothing add time to
  // (TimedRun::Undisturbed: its warm-up, or else a timed run; where that was
  // its first launch, its first such timed run too) is more than
  // 10% slower than a run of a variant that ran before it is cut too: a run
  // on the device is slowed by interference, never sped up, and clocks that
  // ramp up from idle only make the earlier run slower (docs/runtime.md,
  // "Measurement"). On an H200, 207 such timed runs read at most 6.3 % over
  // their variant's fastest, and no variant within 3 % of the winner was
  // judged more than 5 % behind (docs/performance.md section 17) ...
  double BehindEarlierMargin = 0.1;
  // ... and, where that run was the variant's first launch on the device
  // (TimedRun::FirstLaunch), also slower by more than this many seconds: a
  // kernel's first run in a process read about 5.5 us (3.2 to 8.8, up to 14
  // in a tuner's trace) slower than its later runs on an H200, up to 20% of
  // a short kernel (docs/performance.md section 15), which alone could put a
  // variant as fast as the one before it 10% behind ...
  double FirstRunAllowance = 20e-6;
  // ... or by more than this many where the run before it was a first launch
  // too: both read slow, by amounts up to 10 us apart. (Where that earlier
  // kernel had in fact been loaded by the program before, it read no slower,
  // and a variant up to 2 us faster than it could be cut: 14 us, the most a
  // first run read slow in a tuning, less these 12.)
  double FirstRunsAllowance = 12e-6;
  // A warm-up that was a first launch, and undisturbed otherwise, confirms
  // a variant's time (isOutOfRace) when it is within Margin / 2 of it less
  // this many seconds: less than any of 370 first runs of short kernels cost
  // on an H200 (3.2 to 8.8 us, median 5.4), which for a 60 us kernel alone
  // exceeds Margin / 2. (A kernel the program had launched before pays none:
  // its warm-up then reads the variant's time.)
  double FirstRunCost = 3e-6;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_MEASUREMENTPOLICY_H
