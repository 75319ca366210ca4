// The events that time runs, created once and kept: a thread's round events,
// the online runs' pairs, and the online run's timer.
#include "measure/cuda/TimingEvents.h"

#include "measure/cuda/CudaErrors.h"

#include <tuple>

namespace autotune {

bool TimingEvents::reserveRound(std::size_t Runs) {
  while (RoundEvents.size() < 2 * Runs + 1) {
    cudaEvent_t E = nullptr;
    if (cudaEventCreate(&E) != cudaSuccess)
      return false;
    RoundEvents.push_back(E);
  }
  return true;
}

ThreadEvents::~ThreadEvents() {
  // At process exit the runtime may be gone already; errors are harmless.
  // Relaxed: another thread may be capturing in global mode, and freeing
  // memory is not allowed under it.
  RelaxedCaptureMode Relaxed;
  for (TimingEvents &E : PerDevice) {
    if (E.Lead)
      cudaFree(E.Lead);
    for (cudaEvent_t Round : E.RoundEvents)
      cudaEventDestroy(Round);
    E.Markers.release();
  }
}

TimingEvents *ThreadEvents::forDevice(int Device) {
  if (Device < 0)
    return nullptr;
  if (static_cast<std::size_t>(Device) >= PerDevice.size())
    PerDevice.resize(Device + 1);
  TimingEvents &E = PerDevice[Device];
  // Without it, runs are timed from an idle stream: still correct, less
  // exact for kernels of a few microseconds.
  if (!E.Lead && cudaMalloc(&E.Lead, LeadBytes) != cudaSuccess) {
    E.Lead = nullptr;
    forgetError();
  }
  return &E;
}

bool EventPairs::take(int Device, cudaEvent_t &Start, cudaEvent_t &Stop) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (static_cast<std::size_t>(Device) < Free.size() &&
        !Free[Device].empty()) {
      std::tie(Start, Stop) = Free[Device].back();
      Free[Device].pop_back();
      return true;
    }
  }
  Start = Stop = nullptr;
  if (cudaEventCreate(&Start) == cudaSuccess &&
      cudaEventCreate(&Stop) == cudaSuccess)
    return true;
  if (Start)
    cudaEventDestroy(Start);
  return false; // the error stays, for the caller to report
}

void EventPairs::give(int Device, cudaEvent_t Start, cudaEvent_t Stop) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (static_cast<std::size_t>(Device) >= Free.size())
    Free.resize(Device + 1);
  Free[Device].emplace_back(Start, Stop);
}

bool EventTimer::ready(double &Seconds, RunResult &Result) {
  RelaxedCaptureMode Relaxed;
  cudaError_t E = cudaEventQuery(Stop);
  if (E == cudaErrorNotReady) {
    // Not an error, but the runtime may keep it as the last one.
    if (cudaPeekAtLastError() == cudaErrorNotReady)
      forgetError();
    return false;
  }
  if (E != cudaSuccess) {
    Result = failedAsItRan(E);
    return true;
  }
  float Milliseconds = 0;
  if (cudaEventElapsedTime(&Milliseconds, Start, Stop) != cudaSuccess) {
    Result = {RunOutcome::LaunchFailed, "cannot read the CUDA event timer: " +
                                            describe(cudaGetLastError())};
    return true;
  }
  Seconds = static_cast<double>(Milliseconds) * 1e-3;
  return true;
}

RunResult noEvents() {
  cudaError_t Pending = cudaGetLastError();
  return {isSticky(Pending) ? RunOutcome::Fatal : RunOutcome::LaunchFailed,
          "cannot record a CUDA event: " + describe(Pending)};
}

bool recordRunEvent(cudaEvent_t E, cudaStream_t S, RunResult &Result) {
  RelaxedCaptureMode Relaxed;
  if (cudaEventRecord(E, S) == cudaSuccess)
    return true;
  cudaError_t Error = cudaGetLastError();
  Result.Outcome =
      isSticky(Error) ? RunOutcome::Fatal : RunOutcome::LaunchFailed;
  Result.Error = "cannot record a CUDA event: " + describe(Error);
  return false;
}

} // namespace autotune
