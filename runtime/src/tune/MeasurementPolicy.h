// Every number the tuner's decision uses: which runs happen, when racing
// stops, who wins. The blocking tuner (Tuner), online tuning (OnlineRace)
// and processes tuning together (TuningGroup) are given the same policy;
// docs/runtime.md ("Tuning") is the procedure these numbers drive, and each
// comment says why the number is what it is.
#ifndef AUTOTUNE_SRC_MEASUREMENTPOLICY_H
#define AUTOTUNE_SRC_MEASUREMENTPOLICY_H

#include "autotune/autotune.h"

namespace autotune {

struct Environment;

struct MeasurementPolicy {
  // --- The user's settings (measure(...), min_gain(...) and their
  // AUTOTUNE_* variables: policyFor) ---

  // Seconds of timed runs after which racing stops (measure(time = ...),
  // AUTOTUNE_TIME_LIMIT); the wall time, restores and verify copies
  // included, may take WallFactor times as long. Every variant that can win
  // has its warm-up and one timed run whatever the limit.
  double TimeLimit = 1.0;
  static constexpr double WallFactor = 2;
  // The default point is replaced only by a point faster by more than this
  // fraction, and more than the tuning's resolution (min_gain(...),
  // AUTOTUNE_MIN_GAIN). 0: by more than the resolution alone.
  double MinGain = 0;
  // Every run starts with a cold L2 cache: the device backend overwrites a
  // buffer twice the L2's size before it (measure(cold_l2),
  // AUTOTUNE_COLD_L2=1), as Triton's do_bench does. Host statements: no
  // effect.
  bool ColdL2 = false;

  // --- Racing ---

  // Timed runs of every variant before racing: one, since the warm-up is a
  // run too (by its fastest run, a variant is ranked on both).
  unsigned InitialRuns = 1;
  // Racing doubles runs up to this. A bound that ends a race whatever the
  // times; racing no longer reaches it: from TieRuns timed runs each, a
  // contender is within the tie band of the leader or out
  // (docs/runtime.md, "Tuning: the procedure", step 7).
  unsigned MaxRunsPerVariant = 48;
  // The resolution of a tuning: two points whose fastest runs (and medians)
  // are within it of each other cannot be told apart. A point's own noise
  // (its median over its fastest run: the leader's while racing, the
  // steadiest fast point's in the decision), at least Equivalent (two runs
  // of one kernel differ by that much back to back on an H200), at most
  // TieLimit (a noisier point is not allowed to hide a gain larger than
  // the 3 % quality bound: docs/runtime.md, "Why the tuner's numbers
  // are what they are").
  double Equivalent = 0.01;
  double TieLimit = 0.03;
  // Contenders within the resolution stop racing (a tie) only once each has
  // this many timed runs: two kernels whose times depend on what ran before
  // them (transpose's TILE=32 ROWS=8 and ROWS=4) read within 1% in two runs
  // each and 3 to 4 % apart back to back (docs/runtime.md, "Why the
  // tuner's numbers are what they are").
  unsigned TieRuns = 4;
  // A variant whose fastest run is more than 10% slower than the leader's,
  // or more than Equivalent slower than the leader's median (closer, the
  // decision could not tell them apart: they race on to a tie; on an H200
  // this kept transpose's default point, 3.4 % slower back to back, from
  // winning on two runs), or, from TieRuns timed runs each, beyond the tie
  // band of the leader's fastest run, is out of the race, once that run is
  // confirmed: AgreeingRuns of its runs within Margin / 2 of it
  // (AgreeingRunsHost where a run's time includes other programs' work: two
  // preempted host runs agree too often), or twice that many runs, all behind.
  double Margin = 0.10;
  // Two: on an H200 one changed nothing on the bench's kernels (35 us and
  // longer), but a GPU batch's first run may read 2 to 13 us slow, more
  // than the margin of a shorter kernel; with three, first calls rose and
  // one choice was 3.4 % worse (docs/runtime.md, "Why the tuner's numbers").
  static constexpr unsigned AgreeingRuns = 2;
  static constexpr unsigned AgreeingRunsHost = 3;
  // Runs go to the backend in batches of about this many seconds, queued
  // back to back; the limits are checked between batches (5 or 80 ms, or
  // 16 runs a batch, moved no first call or choice on an H200) ...
  double BatchSeconds = 0.02;
  // ... of at most this many runs (each holds a pair of events).
  unsigned BatchRuns = 64;

  // --- Cuts: a variant that cannot win is not run again ---

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
  // "Tuning: the procedure", step 5). On an H200, 207 such timed runs read at
  // most 6.3 % over their variant's fastest, and no variant within 3 % of the
  // winner was judged more than 5 % behind (docs/runtime.md, "Why the
  // tuner's numbers are what they are") ...
  double BehindEarlierMargin = 0.1;
  // ... and, where that run was the variant's first launch on the device
  // (TimedRun::FirstLaunch), also slower by more than this many seconds: a
  // kernel's first run in a process read a median 2.9 us and at most 10.7
  // over its variant's fastest run in a tuner's rounds on an H200, 14% of a
  // 76 us kernel, which alone could put a variant as fast as the one before
  // it 10% behind. A variant kept by it is judged again, without it, at its
  // first undisturbed timed run: 20 us kept transpose's 55 us points that
  // are 12 to 16 us slower for that run (docs/runtime.md, "Why the tuner's
  // numbers are what they are").
  double FirstRunAllowance = 12e-6;

  // --- Online tuning ---

  // Unusable times in a row (zero, negative, not finite) after which a
  // point is out of an online race, as one that failed: a timer that never
  // gives a time must not keep the race open.
  static constexpr unsigned MaxUnusableTimes = 3;
};

// The policy for a site: the defaults above, the program's AUTOTUNE_TIME_LIMIT,
// AUTOTUNE_MIN_GAIN and AUTOTUNE_COLD_L2 over them, the site's measure(...)
// and min_gain(...) clauses over those.
MeasurementPolicy policyFor(const SiteInfo &Info, const Environment &Env);

} // namespace autotune

#endif // AUTOTUNE_SRC_MEASUREMENTPOLICY_H
