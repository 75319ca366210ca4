// A round of runs queued back to back on the statement's stream and waited
// for once: each run queued (its events, its launch, its mark), the wait at
// the round's end, the times read, and the run a fault is blamed on.
#ifndef AUTOTUNE_SRC_CUDA_QUEUEDROUND_H
#define AUTOTUNE_SRC_CUDA_QUEUEDROUND_H

#include "measure/cuda/CudaBackend.h"

namespace autotune {

// Queues Runs[Begin, End) back to back and waits once: each start event
// follows the previous run or its restore copy on a busy stream, so a run
// is timed without the launch latency. Marked: each launched run is
// followed by its mark (RunMarkers), so that a fault is blamed on its
// run. The wait is for an event after the last mark, so that every run
// that finished has its mark when the host looks. With Length, before
// the third run the first is waited for, and the round ends at Held
// (timeRound); else Held is End.
class CudaBackend::QueuedRound {
public:
  // Length is held by reference: it must outlive the round.
  QueuedRound(CudaBackend &Cuda, const Variants &V, std::vector<TimedRun> &Runs,
              std::size_t Begin, std::size_t End, cudaStream_t S, int Device,
              TimingEvents &Events, bool Marked,
              const std::function<bool()> &Prepare, const RoundLength &Length);

  // Runs the round: lead work, each run queued, the wait, then the times
  // read or a fault blamed. False when Prepare failed: the runs from there
  // on did not happen.
  bool time();

  // Where the round ended (Held, above).
  std::size_t held() const { return Held; }

private:
  // Queues the lead work that keeps the stream busy before the first run
  // (TimingEvents::Lead).
  void startLead();
  // Queues the runs until the round ends.
  void queueRuns();
  // Queues run K (prepared); false when the round ends with it.
  bool queueRun(std::size_t K);
  // Waits for the round's end; its error, cudaSuccess when every launched
  // run finished (Finished).
  cudaError_t endAndWait();
  // Each timed run's time, from its events.
  void readTimes();

  // Something failed in Runs[Begin, End), as Why says. Unless every
  // launched run finished (Finished), the first launched run without its
  // mark takes it (without marks, a round of one run). The run whose own
  // call met a fault (FaultAt) but did not launch caused nothing: it did
  // not run. The other timed runs are not timed (their events may say
  // nothing now), nor are launched ones whose failure was the fault: as if
  // they had not run. Where no run takes it, the device says it to the
  // caller (deviceLost) when it is fatal.
  void blameRun(const RunResult &Why);

  // The time of a round's first run, waited for while the runs queued after
  // it keep the device busy; negative where it has none (its events were
  // not both recorded, or the wait met a failure, which the round's end
  // meets again and places).
  static double firstRunSeconds(TimingEvents &Events, bool Timed);

  // Whether Start, just recorded, has not completed yet; never waits.
  // Relaxed: under another stream's capture in global mode the query would
  // be refused and end that capture.
  static bool stillWaiting(cudaEvent_t Start);

  CudaBackend &Cuda;
  const Variants &V;
  std::vector<TimedRun> &Runs;
  const std::size_t Begin;
  std::size_t End;
  const std::size_t Count; // runs as the round started, two events each
  const cudaStream_t S;
  const int Device;
  TimingEvents &Events;
  const bool Marked;
  const std::function<bool()> &Prepare;
  const RoundLength &Length;
  std::size_t Held;
  bool Prepared = true;
  bool AnyLaunched = false;
  std::vector<bool> Launched, Timed;
  // A run whose own call (an event record, its launch) met a fault: the
  // fault may be an earlier run's, or none of the round's, which the
  // marks decide (blameRun).
  std::size_t FaultAt;
  bool Finished = true; // every launched run ran to its end
};

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_QUEUEDROUND_H
