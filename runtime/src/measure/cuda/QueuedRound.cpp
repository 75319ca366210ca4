// The queued round: runs back to back on the statement's stream, one wait at
// the end, and the fault of a round placed on the run that made it.
#include "measure/cuda/QueuedRound.h"

#include "measure/cuda/CudaErrors.h"

namespace autotune {

CudaBackend::QueuedRound::QueuedRound(CudaBackend &Cuda, const Variants &V,
                                      std::vector<TimedRun> &Runs,
                                      std::size_t Begin, std::size_t End,
                                      cudaStream_t S, int Device,
                                      TimingEvents &Events, bool Marked,
                                      const std::function<bool()> &Prepare,
                                      const RoundLength &Length)
    : Cuda(Cuda), V(V), Runs(Runs), Begin(Begin), End(End), Count(End - Begin),
      S(S), Device(Device), Events(Events), Marked(Marked), Prepare(Prepare),
      Length(Length), Held(End), Launched(Count, false), Timed(Count, false),
      FaultAt(End) {}

bool CudaBackend::QueuedRound::time() {
  startLead();
  queueRuns();

  RelaxedCaptureMode Relaxed;
  cudaError_t Error = endAndWait();
  if (Error == cudaSuccess)
    Error = cudaPeekAtLastError();
  if (Error != cudaSuccess || FaultAt != End) {
    // Without an error now, a run's own call met the fault: its error was
    // read, and cleared.
    RunResult Why =
        Error != cudaSuccess ? failedAsItRan(Error) : Runs[FaultAt].Result;
    blameRun(Why);
    return Prepared;
  }
  readTimes();
  return Prepared;
}

void CudaBackend::QueuedRound::startLead() {
  if (Events.Lead) {
    RelaxedCaptureMode Relaxed;
    if (cudaMemsetAsync(Events.Lead, 0, LeadBytes, S) != cudaSuccess)
      forgetError();
  }
}

void CudaBackend::QueuedRound::queueRuns() {
  for (std::size_t K = Begin; K < End; ++K) {
    if (Length && K == Begin + 2) {
      // No run has met a fault yet (that ends the loop): FaultAt says
      // none by being End.
      End = FaultAt = Held =
          Begin +
          heldRuns(Length, End - Begin, firstRunSeconds(Events, Timed[0]));
      if (K == End)
        break;
    }
    if (!Prepare()) {
      Prepared = false;
      break;
    }
    if (!queueRun(K))
      break;
  }
}

bool CudaBackend::QueuedRound::queueRun(std::size_t K) {
  TimedRun &Run = Runs[K];
  Run.Ran = true;
  cudaEvent_t Start = Events.RoundEvents[2 * (K - Begin)];
  cudaEvent_t Stop = Events.RoundEvents[2 * (K - Begin) + 1];
  if (!recordRunEvent(Start, S, Run.Result)) {
    if (Run.Result.Outcome == RunOutcome::Fatal) {
      FaultAt = K;
      return false;
    }
    return true;
  }
  V.run(Run.Variant);
  Run.Result = launchResult();
  if (Run.Result.Outcome == RunOutcome::Fatal) {
    FaultAt = K;
    return false;
  }
  if (Run.Result.Outcome != RunOutcome::Ok)
    return true;
  Launched[K - Begin] = AnyLaunched = true;
  // Nothing but the device's own work between the start event and the
  // run: the start event was still waiting for the run before it when
  // the launch returned. Not the first run of a round, which follows
  // the lead work and the host's wait instead of a run (on an H200 it
  // read up to 16% slow now and then). Asked only where the tuner
  // wants it: the query costs the host a microsecond.
  Run.Undisturbed = Run.AskUndisturbed && K > Begin && Timed[K - Begin - 1] &&
                    stillWaiting(Start);
  bool Stopped = recordRunEvent(Stop, S, Run.Result);
  // After the stop event: the lock and the lookup are not timed.
  Run.FirstLaunch = Cuda.isFirstLaunch(Device, V, Run.Variant);
  if (Marked && !Events.Markers.mark(S, K - Begin)) {
    // Every launched run before this one has its mark: a fault among
    // them, or in this one, is still placed. The rest of the round is
    // not run. A fault is this run's only if its stop event's call met
    // one; else the round is only shorter (FaultAt must not stay at the
    // old end, a run that does not exist).
    Timed[K - Begin] = Stopped;
    End = K + 1;
    FaultAt = !Stopped && Run.Result.Outcome == RunOutcome::Fatal ? K : End;
    // A round whose length is the caller's to pace (Length) holds the
    // runs it ran: the caller offers the rest again (timeRound).
    if (Length)
      Held = End;
    return false;
  }
  if (!Stopped) {
    if (Run.Result.Outcome == RunOutcome::Fatal) {
      FaultAt = K;
      return false;
    }
    return true;
  }
  Timed[K - Begin] = true;
  return true;
}

cudaError_t CudaBackend::QueuedRound::endAndWait() {
  cudaError_t Error = cudaSuccess;
  if (AnyLaunched) {
    cudaEvent_t Done = Events.RoundEvents[2 * Count];
    Error = cudaEventRecord(Done, S);
    if (Error == cudaSuccess) {
      Error = cudaEventSynchronize(Done);
    } else if (!isSticky(Error)) {
      // Nothing to wait for: the stream itself, so that the marks of
      // every finished run are there.
      forgetError();
      Error = cudaStreamSynchronize(S);
    }
    Finished = Error == cudaSuccess;
  }
  return Error;
}

void CudaBackend::QueuedRound::readTimes() {
  for (std::size_t K = Begin; K < End; ++K) {
    if (!Timed[K - Begin])
      continue;
    float Milliseconds = 0;
    if (cudaEventElapsedTime(&Milliseconds, Events.RoundEvents[2 * (K - Begin)],
                             Events.RoundEvents[2 * (K - Begin) + 1]) !=
        cudaSuccess) {
      cudaError_t E = cudaGetLastError();
      Runs[K].Result.Outcome = RunOutcome::LaunchFailed;
      Runs[K].Result.Error = "cannot read the CUDA event timer: " + describe(E);
      continue;
    }
    Runs[K].Seconds = static_cast<double>(Milliseconds) * 1e-3;
  }
}

void CudaBackend::QueuedRound::blameRun(const RunResult &Why) {
  bool Fatal = Why.Outcome == RunOutcome::Fatal;
  bool Blamed = Finished;
  for (std::size_t K = Begin; K < End; ++K) {
    if (!Launched[K - Begin]) {
      if (K == FaultAt)
        Runs[K].Ran = false;
      continue;
    }
    if (!Blamed && !(Marked && Events.Markers.marked(K - Begin))) {
      Runs[K].Result = Why;
      Blamed = true;
      continue;
    }
    if (Timed[K - Begin] || Fatal)
      Runs[K].Ran = false;
  }
}

double CudaBackend::QueuedRound::firstRunSeconds(TimingEvents &Events,
                                                 bool Timed) {
  if (!Timed)
    return -1;
  RelaxedCaptureMode Relaxed;
  float Milliseconds = 0;
  if (cudaEventSynchronize(Events.RoundEvents[1]) != cudaSuccess ||
      cudaEventElapsedTime(&Milliseconds, Events.RoundEvents[0],
                           Events.RoundEvents[1]) != cudaSuccess) {
    if (!isSticky(cudaPeekAtLastError()))
      forgetError();
    return -1;
  }
  return static_cast<double>(Milliseconds) * 1e-3;
}

bool CudaBackend::QueuedRound::stillWaiting(cudaEvent_t Start) {
  RelaxedCaptureMode Relaxed;
  cudaError_t E = cudaEventQuery(Start);
  // Not ready is not an error, but the runtime may keep it as the last
  // one; any other error but a fault is ours, and the run's own launch
  // was already judged.
  if (E != cudaSuccess && !isSticky(E) && !isSticky(cudaPeekAtLastError()))
    forgetError();
  return E == cudaErrorNotReady;
}

} // namespace autotune
