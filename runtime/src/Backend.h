// What the tuner needs from the place a statement runs: which device it is on,
// whether it may tune now, how to time one variant and how to copy the memory
// that restore(...) and verify(...) name. HostBackend and CudaBackend
// implement it; the tuner itself never sees a clock or a CUDA call.
#ifndef AUTOTUNE_SRC_BACKEND_H
#define AUTOTUNE_SRC_BACKEND_H

#include "autotune/autotune.h"

#include <cstddef>
#include <string>

namespace autotune {

// Results are shared by devices with the same Model; the versions go into the
// cache's identity.
struct DeviceIdentity {
  std::string Model;   // e.g. "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)", "host"
  std::string Driver;  // driver version, empty on the host
  std::string Runtime; // CUDA runtime version, empty on the host
};

enum class RunOutcome {
  Ok,
  LaunchFailed, // the variant could not run; its error has been cleared
  Fatal,        // the context is unusable (illegal address, ...)
};

// Where a restore(...)/verify(...) range starts, as far as the backend can
// tell: the memory that may be copied from that address on.
struct MemoryExtent {
  enum class Kind {
    Unknown, // nothing is known; the range is not checked
    Device,  // a device (or managed) allocation: its base and size
    Host,    // host memory: the readable and writable pages from the start
  };
  Kind Where = Kind::Unknown;
  std::size_t BytesFrom = 0;       // from the range's start to the memory's end
  std::size_t AllocationBytes = 0; // Device: the whole allocation
  const void *AllocationBase = nullptr; // Device
};

struct RunResult {
  RunOutcome Outcome = RunOutcome::Ok;
  std::string Error; // what failed, for the log
};

class Backend {
public:
  virtual ~Backend();

  // Hot path: a small number naming the current device (the CUDA ordinal).
  virtual int currentDevice() = 0;
  virtual DeviceIdentity identify(int Device) = 0;

  // True when the call must neither tune nor synchronise (stream capture).
  virtual bool mustNotTune(void *Stream) = 0;

  // Runs variant I once, waits for it and returns its time in seconds in
  // Seconds (unset on failure).
  virtual RunResult timeVariant(const Variants &V, unsigned I, void *Stream,
                                double &Seconds) = 0;

  // Runs variant I as the statement itself would: asynchronously, no timing.
  virtual void launch(const Variants &V, unsigned I) { V.Fns[I](V.Closure); }

  // Memory named by restore(...) and verify(...); Stream orders the copies.
  virtual void *allocateLike(const Buffer &B, void *Stream) = 0;
  virtual void release(void *Snapshot, void *Stream) = 0;
  virtual void copy(void *Dst, const void *Src, std::size_t Bytes,
                    void *Stream) = 0;
  // Copies to host memory and waits for the copy.
  virtual void copyToHost(void *HostDst, const void *Src, std::size_t Bytes,
                          void *Stream) = 0;
  virtual void synchronize(void *Stream) = 0;

  // The memory at Data, to check a range before it is copied (tuning only,
  // never the hot path). The default reads the host's page mappings.
  virtual MemoryExtent memoryAt(const void *Data);
};

// The steady-clock backend of host statements; always available.
Backend &hostBackend();

} // namespace autotune

#endif // AUTOTUNE_SRC_BACKEND_H
