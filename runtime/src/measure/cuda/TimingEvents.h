// The CUDA events that time runs: a thread's round events per device (with
// the lead work and the run markers), the pairs of online runs, and an
// online run's timer.
#ifndef AUTOTUNE_SRC_CUDA_TIMINGEVENTS_H
#define AUTOTUNE_SRC_CUDA_TIMINGEVENTS_H

#include "measure/Backend.h"
#include "measure/cuda/RunMarkers.h"

#include <cuda_runtime_api.h>

#include <cstddef>
#include <mutex>
#include <utility>
#include <vector>

namespace autotune {

// The events of a thread's rounds on one device: creating events costs
// microseconds, and tuning may time hundreds of runs.
struct TimingEvents {
  // Written just before each timed run so that the stream is busy while the
  // host submits the start event and the variant: the run is then timed as
  // it runs in a program, back to back, without the launch latency that an
  // idle stream adds to a short kernel.
  void *Lead = nullptr;
  // Start and stop events of the runs of one round (Backend::timeRound),
  // two per run, kept for the thread's later rounds.
  std::vector<cudaEvent_t> RoundEvents;
  RunMarkers Markers;

  // At least 2 * Runs + 1 round events (a start and a stop a run, and the
  // round's end); false when they cannot be created, the error left for the
  // caller to report.
  bool reserveRound(std::size_t Runs);
};

// About 3 us of memset on a Hopper GPU: longer than the host needs to submit
// an event and a launch.
constexpr std::size_t LeadBytes = 8u << 20;

class ThreadEvents {
public:
  ~ThreadEvents();

  // Events of the current device, created on first use; null on failure.
  TimingEvents *forDevice(int Device);

private:
  std::vector<TimingEvents> PerDevice;
};

// The start and stop events of online runs (Backend::startRun), per device:
// a run's timer may be read, and dropped, by another thread than the one
// that started it, so they are not the thread's round events. A pair comes
// back when its timer is dropped, its run possibly still in flight: the
// next record on the event replaces that one.
class EventPairs {
public:
  // A pair of Device's (the current device); false when none can be made.
  bool take(int Device, cudaEvent_t &Start, cudaEvent_t &Stop);

  void give(int Device, cudaEvent_t Start, cudaEvent_t Stop);

private:
  std::mutex Mutex;
  std::vector<std::vector<std::pair<cudaEvent_t, cudaEvent_t>>> Free;
};

// The time of an online run, read from its events once the stop event has
// completed; never waits.
class EventTimer final : public Backend::RunTimer {
public:
  EventTimer(EventPairs &Pairs, int Device, cudaEvent_t Start, cudaEvent_t Stop)
      : Pairs(Pairs), Device(Device), Start(Start), Stop(Stop) {}
  ~EventTimer() override { Pairs.give(Device, Start, Stop); }

  bool ready(double &Seconds, RunResult &Result) override;

private:
  EventPairs &Pairs;
  const int Device;
  const cudaEvent_t Start;
  const cudaEvent_t Stop;
};

// Why a run cannot be timed without events: not the variant's fault, but
// the tuner skips the variant like one that failed to launch.
RunResult noEvents();

// Records E on S for a timed run (of a round, or online); false, with the
// run's Result set (Fatal when the error is sticky), when it cannot.
bool recordRunEvent(cudaEvent_t E, cudaStream_t S, RunResult &Result);

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_TIMINGEVENTS_H
