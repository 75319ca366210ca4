// The CUDA event backend: times a variant with a pair of events on the
// statement's stream, sorts launch failures from faults that poison the
// context, and snapshots restore(...)/verify(...) buffers with async copies.
// Compiled as plain C++ against the CUDA runtime API; the one kernel of its
// own, verify's comparison, is in DeviceCompare.cu.
#ifndef AUTOTUNE_SRC_CUDA_CUDABACKEND_H
#define AUTOTUNE_SRC_CUDA_CUDABACKEND_H

#include "measure/Backend.h"
#include "measure/cuda/TimingEvents.h"

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

namespace autotune {

class CudaBackend final : public Backend {
public:
  // The hot path asks this on every call. When every visible device is one
  // model, results are shared anyway: no need to ask CUDA which is current.
  int currentDevice() override;
  bool allDevicesOneModel() override;
  DeviceIdentity identify(int Device) override;

  // The thread's last error tells of a fault only until someone reads it
  // (the program's error check, or the backend's own clearing): from then
  // on CUDA answers every call that touches a context with the fault (on an
  // H200 with driver 580, the other device's calls too). So an event of
  // the current device that was never recorded is asked as well: healthy,
  // it answers cudaSuccess.
  std::string deviceLost() override;

  bool mustNotTune(void *Stream) override;

  void beginRange(const std::string &Name) override;
  void endRange() override;

  // Backend's one-run timing, as a round of one run. The tuner times
  // through timeRound and this backend has its own startRun, so only a
  // caller of the interface itself reaches it.
  RunResult timeVariant(const Variants &V, unsigned I, void *Stream,
                        double &Seconds) override;

  bool timeRound(const Variants &V, std::vector<TimedRun> &Runs, void *Stream,
                 const std::function<bool()> &Prepare,
                 const RoundLength &Length) override;

  // Between a pair of events on the statement's stream, as the program's
  // own launch: no wait, no lead work; the stream's earlier work, if any,
  // is over when the start event completes.
  StartedRun startRun(const Variants &V, unsigned I, void *Stream) override;

  std::unique_ptr<CopyMemory> allocateLike(const Buffer &B,
                                           void *Stream) override;
  CopyResult copy(void *Dst, const void *Src, std::size_t Bytes,
                  void *Stream) override;
  CopyResult copyToHost(void *HostDst, const void *Src, std::size_t Bytes,
                        void *Stream) override;
  MemoryExtent memoryAt(const void *Data) override;
  CopyResult flushCache(void *Stream) override;

#if AUTOTUNE_DEVICE_COMPARE
  bool comparesOnDevice() const override { return true; }

  DeviceComparison compareOnDevice(const Buffer &Output, const void *Reference,
                                   Tolerance Tol, void *Verdict,
                                   void *Stream) override;
#endif

private:
  // Runs queued back to back and waited for once (QueuedRound.h).
  class QueuedRound;

  int actualDevice();
  int findSingleModel();

  // Queries Device's probe event, created on first use (or again, Renew).
  cudaError_t queryProbe(int Device, bool Renew);

  // Whether variant I's launch just made, which did not fail, was its first
  // on Device by this backend. Launches the program made itself are not known
  // here, so a loaded kernel may be taken for new; the reverse takes a device
  // reset, another context on the device, or a statement whose kernels
  // change with the call.
  bool isFirstLaunch(int Device, const Variants &V, unsigned I);

  static std::string versionText(int Version);

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
  // isFirstLaunch's: (device, variant function as a number, which orders,
  // index in a dispatch function).
  std::set<std::tuple<int, std::uintptr_t, unsigned>> LaunchedVariants;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_CUDA_CUDABACKEND_H
