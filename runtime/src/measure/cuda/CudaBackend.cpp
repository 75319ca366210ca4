// The CUDA event backend's calls: the device and its identity, whether it
// may tune, rounds and online runs timed with events, and copies.
#include "measure/cuda/CudaBackend.h"

#include "measure/cuda/CudaCopies.h"
#include "measure/cuda/CudaErrors.h"
#include "measure/cuda/DriverEntryPoints.h"
#include "measure/cuda/ProfilerRanges.h"
#include "measure/cuda/QueuedRound.h"
#if AUTOTUNE_DEVICE_COMPARE
#include "measure/cuda/DeviceCompare.h"
#endif

#include <cstdio>
#include <cstdlib>

namespace autotune {
namespace {

cudaStream_t toStream(void *Stream) {
  return static_cast<cudaStream_t>(Stream);
}

} // namespace

int CudaBackend::currentDevice() {
  int Single = SingleModel.load(std::memory_order_relaxed);
  if (Single < 0)
    Single = findSingleModel();
  return Single == 1 ? 0 : actualDevice();
}

bool CudaBackend::allDevicesOneModel() {
  return SingleModel.load(std::memory_order_relaxed) == 1;
}

int CudaBackend::actualDevice() {
  int Device = -1;
  if (cudaGetDevice(&Device) != cudaSuccess)
    return -1; // left pending: it is what the statement's own launch meets
  return Device;
}

int CudaBackend::findSingleModel() {
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

DeviceIdentity CudaBackend::identify(int Device) {
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

std::string CudaBackend::deviceLost() {
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

cudaError_t CudaBackend::queryProbe(int Device, bool Renew) {
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

bool CudaBackend::mustNotTune(void *Stream) {
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

void CudaBackend::beginRange(const std::string &Name) {
  beginProfilerRange(Name);
}

void CudaBackend::endRange() { endProfilerRange(); }

RunResult CudaBackend::timeVariant(const Variants &V, unsigned I, void *Stream,
                                   double &Seconds) {
  std::vector<TimedRun> Runs(1);
  Runs[0].Variant = I;
  auto NothingToPrepare = [] { return true; };
  timeRound(V, Runs, Stream, NothingToPrepare, nullptr);
  if (Runs[0].Ran && Runs[0].Result.Outcome == RunOutcome::Ok)
    Seconds = Runs[0].Seconds;
  return Runs[0].Result;
}

bool CudaBackend::timeRound(const Variants &V, std::vector<TimedRun> &Runs,
                            void *Stream, const std::function<bool()> &Prepare,
                            const RoundLength &Length) {
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
    QueuedRound Round(*this, V, Runs, 0, Runs.size(), S, Device, *Events,
                      Marked, Prepare, Length);
    bool Prepared = Round.time();
    Runs.resize(Round.held());
    return Prepared;
  }
  // Without marks a fault could not be placed in a round: one run at a
  // time, each waited for.
  const RoundLength Unpaced; // a round of one run: nothing to pace
  for (std::size_t K = 0; K < Runs.size(); ++K) {
    if (K == 2) {
      holdRuns(Length, Runs);
      if (K == Runs.size())
        break;
    }
    QueuedRound Round(*this, V, Runs, K, K + 1, S, Device, *Events, false,
                      Prepare, Unpaced);
    if (!Round.time())
      return false;
    if (Runs[K].Result.Outcome == RunOutcome::Fatal)
      break;
  }
  return true;
}

bool CudaBackend::isFirstLaunch(int Device, const Variants &V, unsigned I) {
  // A variant is its table's function, or its site's dispatch and index.
  std::uintptr_t Fn = V.Fns ? reinterpret_cast<std::uintptr_t>(V.Fns[I])
                            : reinterpret_cast<std::uintptr_t>(V.Dispatch);
  unsigned Index = V.Fns ? 0 : I;
  std::lock_guard<std::mutex> Lock(LaunchedMutex);
  return LaunchedVariants.insert({Device, Fn, Index}).second;
}

Backend::StartedRun CudaBackend::startRun(const Variants &V, unsigned I,
                                          void *Stream) {
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
    V.run(I);
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

std::unique_ptr<CopyMemory> CudaBackend::allocateLike(const Buffer &B,
                                                      void *Stream) {
  if (B.Bytes == 0)
    return nullptr;
  RelaxedCaptureMode Relaxed;
  cudaStream_t S = toStream(Stream);
  cudaPointerAttributes Attr{};
  bool OnDevice = false;
  if (cudaPointerGetAttributes(&Attr, B.Data) == cudaSuccess)
    OnDevice =
        Attr.type == cudaMemoryTypeDevice || Attr.type == cudaMemoryTypeManaged;
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

CopyResult CudaBackend::copy(void *Dst, const void *Src, std::size_t Bytes,
                             void *Stream) {
  if (Bytes == 0)
    return {};
  RelaxedCaptureMode Relaxed;
  return copyResult(
      cudaMemcpyAsync(Dst, Src, Bytes, cudaMemcpyDefault, toStream(Stream)));
}

CopyResult CudaBackend::copyToHost(void *HostDst, const void *Src,
                                   std::size_t Bytes, void *Stream) {
  if (Bytes == 0)
    return {};
  RelaxedCaptureMode Relaxed;
  cudaStream_t S = toStream(Stream);
  cudaError_t E = cudaMemcpyAsync(HostDst, Src, Bytes, cudaMemcpyDefault, S);
  if (E == cudaSuccess)
    E = cudaStreamSynchronize(S);
  return copyResult(E);
}

MemoryExtent CudaBackend::memoryAt(const void *Data) {
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

CopyResult CudaBackend::flushCache(void *Stream) {
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
Backend::DeviceComparison
CudaBackend::compareOnDevice(const Buffer &Output, const void *Reference,
                             Tolerance Tol, void *Verdict, void *Stream) {
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

std::string CudaBackend::versionText(int Version) {
  // 13000 -> "13.0", 12080 -> "12.8"
  return std::to_string(Version / 1000) + "." +
         std::to_string((Version % 1000) / 10);
}

thread_local ThreadEvents CudaBackend::ThreadLocalEvents;

Backend *cudaBackend() {
  // Never destroyed: sites may run from other static destructors.
  static CudaBackend *Instance = new CudaBackend;
  return Instance;
}

} // namespace autotune
