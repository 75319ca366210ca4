// The CUDA event backend: times a variant with a pair of events on the
// statement's stream, sorts launch failures from faults that poison the
// context, and snapshots restore(...)/verify(...) buffers with async copies.
// Compiled as plain C++ against the CUDA runtime API; the one kernel of its
// own, verify's comparison, is in DeviceCompare.cu.
#include "measure/Backend.h"
#include "support/TestHooks.h"
#if AUTOTUNE_DEVICE_COMPARE
#include "measure/cuda/DeviceCompare.h"
#endif

#include <cuda.h> // types only: driver calls go through the runtime's entry points
#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace autotune {
namespace {

cudaStream_t toStream(void *Stream) {
  return static_cast<cudaStream_t>(Stream);
}

// Errors after which the context is unusable: CUDA documents each of these as
// leaving "the process in an inconsistent state".
bool isSticky(cudaError_t E) {
  switch (E) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchTimeout:
  case cudaErrorContextIsDestroyed:
  case cudaErrorAssert:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorLaunchFailure:
  case cudaErrorTensorMemoryLeak:
  case cudaErrorContained:
  case cudaErrorECCUncorrectable:
  case cudaErrorMpsClientTerminated:
  case cudaErrorExternalDevice:
  case cudaErrorUnknown:
    return true;
  default:
    return false;
  }
}

std::string describe(cudaError_t E) {
  return std::string(cudaGetErrorName(E)) + ": " + cudaGetErrorString(E);
}

// Tuning calls cudaMalloc, cudaEventSynchronize and friends. While another
// thread captures a stream in cudaStreamCaptureModeGlobal (or this thread
// captures a different stream), such calls are refused and invalidate that
// capture. Our calls never touch the capturing stream, so for their duration
// this thread opts into relaxed mode, then puts the user's mode back.
class RelaxedCaptureMode {
public:
  RelaxedCaptureMode() {
    Saved = cudaStreamCaptureModeRelaxed;
    Changed = cudaThreadExchangeStreamCaptureMode(&Saved) == cudaSuccess;
  }
  ~RelaxedCaptureMode() {
    if (Changed)
      cudaThreadExchangeStreamCaptureMode(&Saved);
  }
  RelaxedCaptureMode(const RelaxedCaptureMode &) = delete;
  RelaxedCaptureMode &operator=(const RelaxedCaptureMode &) = delete;

private:
  cudaStreamCaptureMode Saved;
  bool Changed;
};

// Clears the error a call of ours just left in the thread's last-error slot.
// Tuning only starts when no error is pending (mustNotTune), so whatever is
// there now is ours, never the program's.
void forgetError() { (void)cudaGetLastError(); }

// A run that failed as it ran, with E (an illegal address, ...): the errors
// it left are cleared (the device says a fault again to whatever asks
// next), and it is Fatal when the context is gone.
RunResult failedAsItRan(cudaError_t E) {
  forgetError();
  bool Fatal = isSticky(E) || isSticky(cudaPeekAtLastError());
  forgetError();
  return {Fatal ? RunOutcome::Fatal : RunOutcome::LaunchFailed, describe(E)};
}

// A driver function, found through the runtime so that programs need not
// link libcuda; null where the driver lacks it.
void *driverEntryPoint(const char *Name) {
  void *Fn = nullptr;
  cudaDriverEntryPointQueryResult Found = cudaDriverEntryPointSymbolNotFound;
#if CUDART_VERSION >= 12050
  cudaError_t E = cudaGetDriverEntryPointByVersion(Name, &Fn, 12000,
                                                   cudaEnableDefault, &Found);
#else
  cudaError_t E = cudaGetDriverEntryPoint(Name, &Fn, cudaEnableDefault, &Found);
#endif
  if (E != cudaSuccess || Found != cudaDriverEntryPointSuccess) {
    forgetError();
    return nullptr;
  }
  return Fn;
}

// cuStreamWriteValue32: a 32-bit write queued on a stream, done once the
// work before it on that stream is.
using StreamWriteValue32 = CUresult (*)(CUstream Stream, CUdeviceptr Address,
                                        cuuint32_t Value, unsigned Flags);

// testing::refuseRunMarks(): marks to let through first, marks still to
// refuse, and as what.
std::atomic<unsigned> MarksToAllow{0};
std::atomic<unsigned> MarksToRefuse{0};
std::atomic<int> RefusedMarkResult{CUDA_SUCCESS};

// Takes one from Count where it is not 0; whether it did.
bool takeOne(std::atomic<unsigned> &Count) {
  unsigned Left = Count.load();
  while (Left > 0 && !Count.compare_exchange_weak(Left, Left - 1)) {
  }
  return Left > 0;
}

CUresult takeRefusedMark() {
  if (takeOne(MarksToAllow) || !takeOne(MarksToRefuse))
    return CUDA_SUCCESS;
  return static_cast<CUresult>(RefusedMarkResult.load());
}

// Where the runs of a round say that they finished: after each run a
// 32-bit write of the round's number into that run's slot, in mapped host
// memory. A run that faults poisons the context, and from then on CUDA
// answers every question with the fault; host memory can still be read.
// The first run of a round whose slot lacks the round's number is the one
// that faulted, so runs may be queued back to back and a fault still names
// its variant.
class RunMarkers {
public:
  // Slots of one round; a longer round is not marked.
  static constexpr std::size_t Slots = 4096;

  void release() {
    if (Host)
      cudaFreeHost(Host); // waits for writes still queued
    Host = nullptr;
  }

  // Starts a round of Runs runs; false when its runs cannot be marked
  // (no driver support, no mapped memory, too many runs, an earlier write
  // refused), so that the caller runs them one at a time.
  bool startRound(std::size_t Runs) {
    if (Broken || Runs > Slots)
      return false;
    if (!Host && !allocate()) {
      Broken = true;
      return false;
    }
    // A mark still in flight from an earlier round holds an older number.
    ++Round;
    return true;
  }

  // Queues the mark of run K of this round on S; false when the driver
  // refuses it.
  bool mark(cudaStream_t S, std::size_t K) {
    RelaxedCaptureMode Relaxed;
    CUresult R = takeRefusedMark();
    if (R == CUDA_SUCCESS)
      R = Write(reinterpret_cast<CUstream>(S), Device + K * sizeof(cuuint32_t),
                Round, 0);
    // Refused for good where the driver or the memory cannot do it; any
    // other refusal costs this round only.
    if (R == CUDA_ERROR_NOT_SUPPORTED || R == CUDA_ERROR_INVALID_VALUE)
      Broken = true;
    return R == CUDA_SUCCESS;
  }

  bool marked(std::size_t K) const {
    return static_cast<volatile const cuuint32_t *>(Host)[K] == Round;
  }

private:
  bool allocate() {
    Write = reinterpret_cast<StreamWriteValue32>(
        driverEntryPoint("cuStreamWriteValue32"));
    if (!Write)
      return false;
    void *Mapped = nullptr;
    void *OnDevice = nullptr;
    if (cudaHostAlloc(&Mapped, Slots * sizeof(cuuint32_t),
                      cudaHostAllocMapped) != cudaSuccess) {
      forgetError();
      return false;
    }
    if (cudaHostGetDevicePointer(&OnDevice, Mapped, 0) != cudaSuccess) {
      forgetError();
      cudaFreeHost(Mapped);
      return false;
    }
    std::memset(Mapped, 0, Slots * sizeof(cuuint32_t));
    Host = static_cast<cuuint32_t *>(Mapped);
    Device =
        static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(OnDevice));
    return true;
  }

  StreamWriteValue32 Write = nullptr;
  cuuint32_t *Host = nullptr;
  CUdeviceptr Device = 0;
  cuuint32_t Round = 0;
  bool Broken = false;
};
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
  bool reserveRound(std::size_t Runs) {
    while (RoundEvents.size() < 2 * Runs + 1) {
      cudaEvent_t E = nullptr;
      if (cudaEventCreate(&E) != cudaSuccess)
        return false;
      RoundEvents.push_back(E);
    }
    return true;
  }
};

// About 3 us of memset on a Hopper GPU: longer than the host needs to submit
// an event and a launch.
constexpr std::size_t LeadBytes = 8u << 20;

class ThreadEvents {
public:
  ~ThreadEvents() {
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

  // Events of the current device, created on first use; null on failure.
  TimingEvents *forDevice(int Device) {
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
  bool take(int Device, cudaEvent_t &Start, cudaEvent_t &Stop) {
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

  void give(int Device, cudaEvent_t Start, cudaEvent_t Stop) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (static_cast<std::size_t>(Device) >= Free.size())
      Free.resize(Device + 1);
    Free[Device].emplace_back(Start, Stop);
  }

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

  bool ready(double &Seconds, RunResult &Result) override {
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

private:
  EventPairs &Pairs;
  const int Device;
  const cudaEvent_t Start;
  const cudaEvent_t Stop;
};

// cuMemGetAddressRange: the base and size of the allocation that holds an
// address.
using GetAddressRange = CUresult (*)(CUdeviceptr *Base, std::size_t *Size,
                                     CUdeviceptr Address);

GetAddressRange addressRangeQuery() {
  static GetAddressRange Query = reinterpret_cast<GetAddressRange>(
      driverEntryPoint("cuMemGetAddressRange"));
  return Query;
}

// A copy's memory, given back as it was allocated; Stream orders the release
// after the copies queued on it.
enum class CopyKind { DeviceAsync, Device, PinnedHost, PageableHost };

class CudaCopyMemory final : public CopyMemory {
public:
  CudaCopyMemory(void *Data, CopyKind Kind, cudaStream_t Stream)
      : CopyMemory(Data), Kind(Kind), Stream(Stream) {}

  ~CudaCopyMemory() override {
    RelaxedCaptureMode Relaxed;
    cudaError_t E = cudaSuccess;
    switch (Kind) {
    case CopyKind::DeviceAsync:
      E = cudaFreeAsync(data(), Stream);
      break;
    case CopyKind::Device:
      E = cudaStreamSynchronize(Stream);
      if (E == cudaSuccess)
        E = cudaFree(data());
      break;
    case CopyKind::PinnedHost:
      // Host memory may still be the source or target of a queued copy.
      E = cudaStreamSynchronize(Stream);
      if (E == cudaSuccess)
        E = cudaFreeHost(data());
      break;
    case CopyKind::PageableHost:
      E = cudaStreamSynchronize(Stream);
      std::free(data());
      break;
    }
    if (E != cudaSuccess && !isSticky(E))
      forgetError();
  }

private:
  const CopyKind Kind;
  const cudaStream_t Stream;
};

// A sticky error stays pending for the program's own launch to report; any
// other error of ours is cleared, and said in the result.
CopyResult copyResult(cudaError_t E) {
  if (E == cudaSuccess)
    return {};
  if (!isSticky(E) && !isSticky(cudaPeekAtLastError()))
    forgetError();
  return {describe(E)};
}

class CudaBackend final : public Backend {
public:
  // The hot path asks this on every call. When every visible device is one
  // model, results are shared anyway: no need to ask CUDA which is current.
  int currentDevice() override {
    int Single = SingleModel.load(std::memory_order_relaxed);
    if (Single < 0)
      Single = findSingleModel();
    return Single == 1 ? 0 : actualDevice();
  }
  bool allDevicesOneModel() override {
    return SingleModel.load(std::memory_order_relaxed) == 1;
  }

  int actualDevice() {
    int Device = -1;
    if (cudaGetDevice(&Device) != cudaSuccess)
      return -1; // left pending: it is what the statement's own launch meets
    return Device;
  }

  int findSingleModel() {
    RelaxedCaptureMode Relaxed;
    int Count = 0;
    int Single = 0;
    if (cudaGetDeviceCount(&Count) != cudaSuccess || Count < 1) {
      forgetError();
    } else {
      Single = 1;
      std::string First;
      for (int D = 0; D < Count && Single; ++D) {
        std::string Model = identify(D).Model;
        if (D == 0)
          First = Model;
        else if (Model != First)
          Single = 0;
      }
    }
    SingleModel.store(Single, std::memory_order_relaxed);
    return Single;
  }

  DeviceIdentity identify(int Device) override {
    std::lock_guard<std::mutex> Lock(IdentityMutex);
    auto It = Identities.find(Device);
    if (It != Identities.end())
      return It->second;

    RelaxedCaptureMode Relaxed;

    DeviceIdentity Id;
    cudaDeviceProp Prop;
    if (cudaGetDeviceProperties(&Prop, Device) == cudaSuccess) {
      char Model[512];
      std::snprintf(Model, sizeof Model, "%s (sm_%d%d, %d SMs)", Prop.name,
                    Prop.major, Prop.minor, Prop.multiProcessorCount);
      Id.Model = Model;
    } else {
      forgetError();
      Id.Model = "unknown CUDA device " + std::to_string(Device);
    }
    int Version = 0;
    if (cudaDriverGetVersion(&Version) == cudaSuccess)
      Id.Driver = versionText(Version);
    else
      forgetError();
    if (cudaRuntimeGetVersion(&Version) == cudaSuccess)
      Id.Runtime = versionText(Version);
    else
      forgetError();
    Identities.emplace(Device, Id);
    return Id;
  }

  // The thread's last error tells of a fault only until someone reads it
  // (the program's error check, or the backend's own clearing): from then
  // on CUDA answers every call that touches a context with the fault (on an
  // H200 with driver 580, the other device's calls too). So an event of
  // the current device that was never recorded is asked as well: healthy,
  // it answers cudaSuccess.
  std::string deviceLost() override {
    cudaError_t Pending = cudaPeekAtLastError();
    if (isSticky(Pending))
      return describe(Pending);
    if (Pending != cudaSuccess)
      return {}; // the program's error, not ours to overwrite
    RelaxedCaptureMode Relaxed;
    int Device = actualDevice();
    if (Device < 0)
      return {}; // cudaGetDevice's error is left for the program
    cudaError_t E = queryProbe(Device, false);
    // A probe of a context that is gone (cudaDeviceReset) says nothing of
    // the device now: a new one is asked.
    if (E != cudaSuccess)
      E = queryProbe(Device, true);
    if (E == cudaSuccess)
      return {};
    if (isSticky(E))
      return describe(E); // left pending, as the fault itself is
    forgetError();
    return {};
  }

  // Queries Device's probe event, created on first use (or again, Renew).
  cudaError_t queryProbe(int Device, bool Renew) {
    cudaEvent_t Probe = nullptr;
    {
      std::lock_guard<std::mutex> Lock(ProbeMutex);
      if (static_cast<std::size_t>(Device) >= Probes.size())
        Probes.resize(Device + 1, nullptr);
      if (Renew || !Probes[Device]) {
        // The old handle is dropped, not destroyed: its context may be
        // gone, and a query may be using it on another thread.
        Probes[Device] = nullptr;
        cudaEvent_t Created = nullptr;
        cudaError_t E =
            cudaEventCreateWithFlags(&Created, cudaEventDisableTiming);
        if (E != cudaSuccess)
          return E;
        Probes[Device] = Created;
      }
      Probe = Probes[Device];
    }
    return cudaEventQuery(Probe);
  }

  bool mustNotTune(void *Stream) override {
    // A pending error belongs to the program: tuning would either consume it
    // or blame a variant for it. Leave it for the program's own check and
    // tune on a later call. A sticky error keeps us here for good, as it
    // should.
    if (cudaPeekAtLastError() != cudaSuccess)
      return true;
    cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
    cudaError_t E = cudaStreamIsCapturing(toStream(Stream), &Status);
    if (E != cudaSuccess) {
      // cudaErrorStreamCaptureImplicit: the legacy stream, while a blocking
      // stream is being captured. The query itself does not invalidate that
      // capture; its error is ours to clear.
      forgetError();
      return true;
    }
    return Status != cudaStreamCaptureStatusNone;
  }

  // Backend's one-run timing, as a round of one run. The tuner times
  // through timeRound and this backend has its own startRun, so only a
  // caller of the interface itself reaches it.
  RunResult timeVariant(const Variants &V, unsigned I, void *Stream,
                        double &Seconds) override {
    std::vector<TimedRun> Runs(1);
    Runs[0].Variant = I;
    auto NothingToPrepare = [] { return true; };
    timeRound(V, Runs, Stream, NothingToPrepare, nullptr);
    if (Runs[0].Ran && Runs[0].Result.Outcome == RunOutcome::Ok)
      Seconds = Runs[0].Seconds;
    return Runs[0].Result;
  }

  // After a variant's launch: the launch's own error (launch-configuration
  // errors are reported by the launch itself), cleared, and Fatal when it
  // is sticky.
  static RunResult launchResult() {
    cudaError_t LaunchError = cudaPeekAtLastError();
    if (LaunchError == cudaSuccess)
      return {};
    forgetError();
    bool Fatal = isSticky(LaunchError) || isSticky(cudaPeekAtLastError());
    return {Fatal ? RunOutcome::Fatal : RunOutcome::LaunchFailed,
            describe(LaunchError)};
  }

  // Why a run cannot be timed without events: not the variant's fault, but
  // the tuner skips the variant like one that failed to launch.
  static RunResult noEvents() {
    cudaError_t Pending = cudaGetLastError();
    return {isSticky(Pending) ? RunOutcome::Fatal : RunOutcome::LaunchFailed,
            "cannot record a CUDA event: " + describe(Pending)};
  }

  // Records E on S for a timed run (of a round, or online); false, with the
  // run's Result set (Fatal when the error is sticky), when it cannot.
  static bool recordRunEvent(cudaEvent_t E, cudaStream_t S, RunResult &Result) {
    RelaxedCaptureMode Relaxed;
    if (cudaEventRecord(E, S) == cudaSuccess)
      return true;
    cudaError_t Error = cudaGetLastError();
    Result.Outcome =
        isSticky(Error) ? RunOutcome::Fatal : RunOutcome::LaunchFailed;
    Result.Error = "cannot record a CUDA event: " + describe(Error);
    return false;
  }

  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override {
    cudaStream_t S = toStream(Stream);
    TimingEvents *Events = nullptr;
    bool Marked = false;
    int Device = -1;
    {
      RelaxedCaptureMode Relaxed;
      Device = actualDevice();
      Events = ThreadLocalEvents.forDevice(Device);
      if (!Events || !Events->reserveRound(Runs.size()))
        Events = nullptr;
      else
        Marked = Runs.size() > 1 && Events->Markers.startRound(Runs.size());
    }
    if (!Events) {
      RunResult Why = noEvents(); // clears the error it describes
      for (TimedRun &Run : Runs) {
        if (!Prepare())
          return false;
        Run.Ran = true;
        Run.Result = Why;
        if (Why.Outcome == RunOutcome::Fatal)
          break;
      }
      return true;
    }
    if (Marked || Runs.size() == 1) {
      std::size_t Held = Runs.size();
      bool Prepared = timeQueued(V, Runs, 0, Runs.size(), S, Device, *Events,
                                 Marked, Prepare, Length, Held);
      Runs.resize(Held);
      return Prepared;
    }
    // Without marks a fault could not be placed in a round: one run at a
    // time, each waited for.
    for (std::size_t K = 0; K < Runs.size(); ++K) {
      if (K == 2) {
        holdRuns(Length, Runs);
        if (K == Runs.size())
          break;
      }
      std::size_t Held = K + 1;
      if (!timeQueued(V, Runs, K, K + 1, S, Device, *Events, false, Prepare,
                      nullptr, Held))
        return false;
      if (Runs[K].Result.Outcome == RunOutcome::Fatal)
        break;
    }
    return true;
  }

  // Queues Runs[Begin, End) back to back and waits once: each start event
  // follows the previous run or its restore copy on a busy stream, so a run
  // is timed without the launch latency. Marked: each launched run is
  // followed by its mark (RunMarkers), so that a fault is blamed on its
  // run. The wait is for an event after the last mark, so that every run
  // that finished has its mark when the host looks. With Length, before
  // the third run the first is waited for, and the round ends at Held
  // (timeRound); else Held is End.
  bool timeQueued(const Variants &V, std::vector<TimedRun> &Runs,
                  std::size_t Begin, std::size_t End, cudaStream_t S,
                  int Device, TimingEvents &Events, bool Marked,
                  const std::function<bool()> &Prepare,
                  const RoundLength &Length, std::size_t &Held) {
    const std::size_t Count = End - Begin;
    if (Events.Lead) {
      RelaxedCaptureMode Relaxed;
      if (cudaMemsetAsync(Events.Lead, 0, LeadBytes, S) != cudaSuccess)
        forgetError();
    }
    bool Prepared = true;
    bool AnyLaunched = false;
    std::vector<bool> Launched(Count, false), Timed(Count, false);
    // A run whose own call (an event record, its launch) met a fault: the
    // fault may be an earlier run's, or none of the round's, which the
    // marks decide below.
    std::size_t FaultAt = End;
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
      TimedRun &Run = Runs[K];
      Run.Ran = true;
      cudaEvent_t Start = Events.RoundEvents[2 * (K - Begin)];
      cudaEvent_t Stop = Events.RoundEvents[2 * (K - Begin) + 1];
      if (!recordRunEvent(Start, S, Run.Result)) {
        if (Run.Result.Outcome == RunOutcome::Fatal) {
          FaultAt = K;
          break;
        }
        continue;
      }
      V.Fns[Run.Variant](V.Closure);
      Run.Result = launchResult();
      if (Run.Result.Outcome == RunOutcome::Fatal) {
        FaultAt = K;
        break;
      }
      if (Run.Result.Outcome != RunOutcome::Ok)
        continue;
      Launched[K - Begin] = AnyLaunched = true;
      // Nothing but the device's own work between the start event and the
      // run: the start event was still waiting for the run before it when
      // the launch returned. Not the first run of a round, which follows
      // the lead work and the host's wait instead of a run (on an H200 it
      // read up to 16% slow now and then). Asked only where the tuner
      // wants it: the query costs the host a microsecond.
      Run.Undisturbed = Run.AskUndisturbed && K > Begin &&
                        Timed[K - Begin - 1] && stillWaiting(Start);
      bool Stopped = recordRunEvent(Stop, S, Run.Result);
      // After the stop event: the lock and the lookup are not timed.
      Run.FirstLaunch = isFirstLaunch(Device, V.Fns[Run.Variant]);
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
        break;
      }
      if (!Stopped) {
        if (Run.Result.Outcome == RunOutcome::Fatal) {
          FaultAt = K;
          break;
        }
        continue;
      }
      Timed[K - Begin] = true;
    }

    RelaxedCaptureMode Relaxed;
    cudaError_t Error = cudaSuccess;
    bool Finished = true; // every launched run ran to its end
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
    if (Error == cudaSuccess)
      Error = cudaPeekAtLastError();
    if (Error != cudaSuccess || FaultAt != End) {
      // Without an error now, a run's own call met the fault: its error was
      // read, and cleared.
      RunResult Why =
          Error != cudaSuccess ? failedAsItRan(Error) : Runs[FaultAt].Result;
      blameRun(Runs, Begin, End, Launched, Timed,
               Marked ? &Events.Markers : nullptr, Finished, FaultAt, Why);
      return Prepared;
    }

    for (std::size_t K = Begin; K < End; ++K) {
      if (!Timed[K - Begin])
        continue;
      float Milliseconds = 0;
      if (cudaEventElapsedTime(
              &Milliseconds, Events.RoundEvents[2 * (K - Begin)],
              Events.RoundEvents[2 * (K - Begin) + 1]) != cudaSuccess) {
        cudaError_t E = cudaGetLastError();
        Runs[K].Result.Outcome = RunOutcome::LaunchFailed;
        Runs[K].Result.Error =
            "cannot read the CUDA event timer: " + describe(E);
        continue;
      }
      Runs[K].Seconds = static_cast<double>(Milliseconds) * 1e-3;
    }
    return Prepared;
  }

  // The time of a round's first run, waited for while the runs queued after
  // it keep the device busy; negative where it has none (its events were
  // not both recorded, or the wait met a failure, which the round's end
  // meets again and places).
  static double firstRunSeconds(TimingEvents &Events, bool Timed) {
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

  // Whether Fn's launch just made, which did not fail, was its first on
  // Device by this backend. Launches the program made itself are not known
  // here, so a loaded kernel may be taken for new; the reverse takes a device
  // reset, another context on the device, or a statement whose kernels
  // change with the call.
  bool isFirstLaunch(int Device, VariantFn Fn) {
    std::lock_guard<std::mutex> Lock(LaunchedMutex);
    return LaunchedVariants
        .insert({Device, reinterpret_cast<std::uintptr_t>(Fn)})
        .second;
  }

  // Whether Start, just recorded, has not completed yet; never waits.
  // Relaxed: under another stream's capture in global mode the query would
  // be refused and end that capture.
  static bool stillWaiting(cudaEvent_t Start) {
    RelaxedCaptureMode Relaxed;
    cudaError_t E = cudaEventQuery(Start);
    // Not ready is not an error, but the runtime may keep it as the last
    // one; any other error but a fault is ours, and the run's own launch
    // was already judged.
    if (E != cudaSuccess && !isSticky(E) && !isSticky(cudaPeekAtLastError()))
      forgetError();
    return E == cudaErrorNotReady;
  }

  // Something failed in Runs[Begin, End), as Why says. Unless every
  // launched run finished (Finished), the first launched run without its
  // mark takes it (without marks, a round of one run). The run whose own
  // call met a fault (FaultAt) but did not launch caused nothing: it did
  // not run. The other timed runs are not timed (their events may say
  // nothing now), nor are launched ones whose failure was the fault: as if
  // they had not run. Where no run takes it, the device says it to the
  // caller (deviceLost) when it is fatal.
  static void blameRun(std::vector<TimedRun> &Runs, std::size_t Begin,
                       std::size_t End, const std::vector<bool> &Launched,
                       const std::vector<bool> &Timed, const RunMarkers *Marks,
                       bool Finished, std::size_t FaultAt,
                       const RunResult &Why) {
    bool Fatal = Why.Outcome == RunOutcome::Fatal;
    bool Blamed = Finished;
    for (std::size_t K = Begin; K < End; ++K) {
      if (!Launched[K - Begin]) {
        if (K == FaultAt)
          Runs[K].Ran = false;
        continue;
      }
      if (!Blamed && !(Marks && Marks->marked(K - Begin))) {
        Runs[K].Result = Why;
        Blamed = true;
        continue;
      }
      if (Timed[K - Begin] || Fatal)
        Runs[K].Ran = false;
    }
  }

  // Between a pair of events on the statement's stream, as the program's
  // own launch: no wait, no lead work; the stream's earlier work, if any,
  // is over when the start event completes.
  StartedRun startRun(const Variants &V, unsigned I, void *Stream) override {
    StartedRun Started;
    cudaStream_t S = toStream(Stream);
    int Device = actualDevice();
    cudaEvent_t Start = nullptr, Stop = nullptr;
    {
      RelaxedCaptureMode Relaxed;
      if (Device < 0 || !OnlinePairs.take(Device, Start, Stop)) {
        Started.Launch = noEvents();
        return Started;
      }
      if (!recordRunEvent(Start, S, Started.Launch)) {
        OnlinePairs.give(Device, Start, Stop);
        return Started;
      }
    }
    try {
      V.Fns[I](V.Closure);
    } catch (...) {
      // The statement threw past its launch: the program gets it, the
      // events come back.
      OnlinePairs.give(Device, Start, Stop);
      throw;
    }
    Started.Launch = launchResult();
    if (Started.Launch.Outcome != RunOutcome::Ok) {
      OnlinePairs.give(Device, Start, Stop);
      return Started;
    }
    Started.Ran = true;
    if (!recordRunEvent(Stop, S, Started.Launch)) {
      OnlinePairs.give(Device, Start, Stop);
      return Started;
    }
    Started.Timer =
        std::make_unique<EventTimer>(OnlinePairs, Device, Start, Stop);
    return Started;
  }

  std::unique_ptr<CopyMemory> allocateLike(const Buffer &B,
                                           void *Stream) override {
    if (B.Bytes == 0)
      return nullptr;
    RelaxedCaptureMode Relaxed;
    cudaStream_t S = toStream(Stream);
    cudaPointerAttributes Attr{};
    bool OnDevice = false;
    if (cudaPointerGetAttributes(&Attr, B.Data) == cudaSuccess)
      OnDevice = Attr.type == cudaMemoryTypeDevice ||
                 Attr.type == cudaMemoryTypeManaged;
    else
      forgetError();

    void *P = nullptr;
    if (OnDevice) {
      // Ordered on the stream, like the copies into and out of it.
      if (cudaMallocAsync(&P, B.Bytes, S) == cudaSuccess)
        return std::make_unique<CudaCopyMemory>(P, CopyKind::DeviceAsync, S);
      forgetError(); // no memory pools on this device or driver
      P = nullptr;
      if (cudaMalloc(&P, B.Bytes) != cudaSuccess) {
        forgetError();
        return nullptr;
      }
      return std::make_unique<CudaCopyMemory>(P, CopyKind::Device, S);
    }
    if (cudaMallocHost(&P, B.Bytes) == cudaSuccess)
      return std::make_unique<CudaCopyMemory>(P, CopyKind::PinnedHost, S);
    forgetError();
    P = std::malloc(B.Bytes);
    if (!P)
      return nullptr;
    return std::make_unique<CudaCopyMemory>(P, CopyKind::PageableHost, S);
  }

  CopyResult copy(void *Dst, const void *Src, std::size_t Bytes,
                  void *Stream) override {
    if (Bytes == 0)
      return {};
    RelaxedCaptureMode Relaxed;
    return copyResult(
        cudaMemcpyAsync(Dst, Src, Bytes, cudaMemcpyDefault, toStream(Stream)));
  }

  CopyResult copyToHost(void *HostDst, const void *Src, std::size_t Bytes,
                        void *Stream) override {
    if (Bytes == 0)
      return {};
    RelaxedCaptureMode Relaxed;
    cudaStream_t S = toStream(Stream);
    cudaError_t E = cudaMemcpyAsync(HostDst, Src, Bytes, cudaMemcpyDefault, S);
    if (E == cudaSuccess)
      E = cudaStreamSynchronize(S);
    return copyResult(E);
  }

  MemoryExtent memoryAt(const void *Data) override {
    RelaxedCaptureMode Relaxed;
    cudaPointerAttributes Attr{};
    if (cudaPointerGetAttributes(&Attr, Data) != cudaSuccess) {
      forgetError();
      return Backend::memoryAt(Data);
    }
    if (Attr.type != cudaMemoryTypeDevice && Attr.type != cudaMemoryTypeManaged)
      return Backend::memoryAt(Data); // pinned or ordinary host memory
    MemoryExtent Extent;
    GetAddressRange Query = addressRangeQuery();
    CUdeviceptr Base = 0;
    std::size_t Size = 0;
    auto Address =
        static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(Data));
    // Memory the driver cannot place (mapped by other means) stays
    // unchecked rather than misjudged.
    if (!Query || Query(&Base, &Size, Address) != CUDA_SUCCESS ||
        Address < Base || Address - Base > Size)
      return Extent;
    Extent.Where = MemoryExtent::Kind::Device;
    Extent.AllocationBase =
        reinterpret_cast<const void *>(static_cast<std::uintptr_t>(Base));
    Extent.AllocationBytes = Size;
    Extent.BytesFrom = Size - static_cast<std::size_t>(Address - Base);
    return Extent;
  }

  CopyResult flushCache(void *Stream) override {
    RelaxedCaptureMode Relaxed;
    int Device = actualDevice();
    std::lock_guard<std::mutex> Lock(FlushMutex);
    FlushBuffer &Buffer = FlushBuffers[Device];
    if (!Buffer.Data) {
      // Twice the L2, so that no line of the last run survives the writes
      // (Triton's do_bench writes 256 MB for the same end).
      int L2Bytes = 0;
      if (cudaDeviceGetAttribute(&L2Bytes, cudaDevAttrL2CacheSize, Device) !=
              cudaSuccess ||
          L2Bytes <= 0)
        return copyResult(cudaErrorInvalidValue);
      std::size_t Bytes = 2 * static_cast<std::size_t>(L2Bytes);
      cudaError_t E = cudaMalloc(&Buffer.Data, Bytes);
      if (E != cudaSuccess) {
        Buffer.Data = nullptr;
        return copyResult(E);
      }
      Buffer.Bytes = Bytes;
    }
    return copyResult(
        cudaMemsetAsync(Buffer.Data, 0, Buffer.Bytes, toStream(Stream)));
  }

#if AUTOTUNE_DEVICE_COMPARE
  bool comparesOnDevice() const override { return true; }

  DeviceComparison compareOnDevice(const Buffer &Output, const void *Reference,
                                   Tolerance Tol, void *Verdict,
                                   void *Stream) override {
    DeviceComparison Result;
    if (Output.Bytes == 0) {
      Result.Compared = true;
      return Result;
    }
    RelaxedCaptureMode Relaxed;
    cudaStream_t S = toStream(Stream);
    DeviceOutputs Outputs;
    Outputs.Got = Output.Data;
    Outputs.Want = Reference;
    Outputs.Bytes = Output.Bytes;
    Outputs.ElementSize = Output.ElementSize ? Output.ElementSize : 1;
    Outputs.Kind = Output.Kind;
    Outputs.Tol = Tol;
    auto *First = static_cast<unsigned long long *>(Verdict);
    unsigned long long FirstByte = NoDifference;
    if (!comparableOnDevice(Outputs)) {
      Result.Error = "its elements are not aligned to their size";
      return Result;
    }
    cudaError_t E = cudaMemsetAsync(First, 0xff, sizeof *First, S);
    if (E == cudaSuccess)
      E = queueComparison(Outputs, First, S);
    if (E == cudaSuccess)
      E = cudaMemcpyAsync(&FirstByte, First, sizeof FirstByte,
                          cudaMemcpyDeviceToHost, S);
    if (E == cudaSuccess)
      E = cudaStreamSynchronize(S);
    if (E != cudaSuccess) {
      Result.Error = copyResult(E).Error;
      return Result;
    }
    Result.Compared = true;
    Result.Same = FirstByte == NoDifference;
    if (!Result.Same)
      Result.FirstDifference =
          static_cast<std::size_t>(FirstByte / Outputs.ElementSize);
    return Result;
  }
#endif

private:
  static std::string versionText(int Version) {
    // 13000 -> "13.0", 12080 -> "12.8"
    return std::to_string(Version / 1000) + "." +
           std::to_string((Version % 1000) / 10);
  }

  static thread_local ThreadEvents ThreadLocalEvents;

  EventPairs OnlinePairs;
  std::mutex ProbeMutex;
  std::vector<cudaEvent_t> Probes; // deviceLost's, one per device
  std::mutex IdentityMutex;
  // 1: every device is one model; 0: not; -1: not known yet.
  std::atomic<int> SingleModel{-1};
  std::unordered_map<int, DeviceIdentity> Identities;
  // flushCache's, one per device, kept for the process: a tuning with a
  // cold L2 flushes before every run.
  struct FlushBuffer {
    void *Data = nullptr;
    std::size_t Bytes = 0;
  };
  std::mutex FlushMutex;
  std::unordered_map<int, FlushBuffer> FlushBuffers;
  std::mutex LaunchedMutex;
  // isFirstLaunch's: (device, variant function as a number, which orders).
  std::set<std::pair<int, std::uintptr_t>> LaunchedVariants;
};

thread_local ThreadEvents CudaBackend::ThreadLocalEvents;

} // namespace

Backend *cudaBackend() {
  // Never destroyed: sites may run from other static destructors.
  static CudaBackend *Instance = new CudaBackend;
  return Instance;
}

namespace testing {
unsigned refuseRunMarks(unsigned Count, int DriverResult, unsigned After) {
  RefusedMarkResult = DriverResult;
  MarksToAllow = After;
  return MarksToRefuse.exchange(Count);
}
} // namespace testing

} // namespace autotune
