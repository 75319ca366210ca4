// What the tuner needs from the place a statement runs: which device it is on,
// whether it may tune now, how to time one variant and how to copy the memory
// that restore(...) and verify(...) name. HostBackend and CudaBackend
// implement it; the tuner itself never sees a clock or a CUDA call.
#ifndef AUTOTUNE_SRC_BACKEND_H
#define AUTOTUNE_SRC_BACKEND_H

#include "autotune/autotune.h"
#include "measure/ElementComparison.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

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

// A copy that failed leaves its target as it was before (a restore: as the
// last variant left it), so the caller must act on it.
struct [[nodiscard]] CopyResult {
  std::string Error; // empty: the copy was made (or queued on its stream)
  bool ok() const { return Error.empty(); }
};

// Memory a backend allocated for a copy of a buffer; its owner's destructor
// gives it back the way it was allocated.
class CopyMemory {
public:
  explicit CopyMemory(void *Data) : Data(Data) {}
  virtual ~CopyMemory();
  CopyMemory(const CopyMemory &) = delete;
  CopyMemory &operator=(const CopyMemory &) = delete;
  void *data() const { return Data; }

private:
  void *const Data;
};

class Backend {
public:
  virtual ~Backend();

  // Hot path: a small number naming the current device (the CUDA ordinal).
  virtual int currentDevice() = 0;
  // Whether every device this backend can run on is one model (asked after
  // currentDevice()): then a site's decided entry holds whatever device is
  // current, and rewritten code may branch on it without asking
  // (Site::decided).
  virtual bool allDevicesOneModel() = 0;
  virtual DeviceIdentity identify(int Device) = 0;

  // True when the call must neither tune nor synchronise (stream capture).
  virtual bool mustNotTune(void *Stream) = 0;

  // Why the device can run nothing any more (a CUDA error that poisons the
  // context), without clearing it; empty while it can. A race in progress
  // ends on it (OnlineTuning), and so does a tuning whose runs all finished
  // (Tuner).
  virtual std::string deviceLost() { return {}; }

  // Runs variant I once, waits for it and returns its time in seconds in
  // Seconds (unset on failure).
  virtual RunResult timeVariant(const Variants &V, unsigned I, void *Stream,
                                double &Seconds) = 0;

  // Runs the variants of Runs in their order, calling Prepare before each
  // (the tuner's restore copies, queued on Stream), and sets each one's
  // Result and, where it ran, Seconds. A run that is not Ran did not run,
  // or ran without a time (a round that failed): a fatal result ends the
  // round, and where no run of it is to blame, none is Ran (deviceLost()
  // then says why). False when Prepare failed: the runs from there on did
  // not happen. The default calls timeVariant for each; a device backend
  // queues them all and waits once, so that they run back to back as the
  // program's own launches do, and the host's time to submit and wait is
  // paid once a round, not once a run. Either way a run that fails is the
  // one whose Result says so: a round may hold the first run of a variant
  // that faults.
  struct TimedRun {
    unsigned Variant = 0;
    bool Ran = false;
    RunResult Result;
    double Seconds = 0;
    // Asked by the tuner (of a variant's runs until one is undisturbed),
    // costing a device backend a query: whether Undisturbed is to be found
    // out.
    bool AskUndisturbed = false;
    // Set by a device backend when nothing is known to have added time to
    // the run: it followed a timed run of its round, and the device was
    // still busy with that run when this one's launch returned (so it never
    // waited for the host). Only such a run may cut a variant on its own
    // (MeasurementPolicy::BehindEarlierMargin).
    bool Undisturbed = false;
    // Set by a device backend when the run was the variant's first launch
    // on the device that it knows of: the launch may have loaded its
    // kernel, and the run may read slow by a few microseconds, with the
    // device busy throughout (MeasurementPolicy::FirstRunAllowance).
    bool FirstLaunch = false;
  };
  // How many runs a round holds in all, given the seconds of its first run:
  // for a round whose pace no earlier run has given (the tuner's first
  // warm-ups).
  using RoundLength = std::function<std::size_t(double FirstRunSeconds)>;
  // Where Length is set and Runs holds more than two runs, the first two
  // are queued, then the first is waited for (the second keeps a device
  // busy meanwhile) and Length, given its time, says how many of Runs the
  // round holds; at least the two, which it holds also where the first run
  // has no time. The runs it does not hold are removed from the end of
  // Runs (what stays is a prefix, at least one run), and so are, with
  // Length, those of a round cut short before them (a device backend's
  // mark refused), for the caller to offer again.
  virtual bool timeRound(const Variants &V, std::vector<TimedRun> &Runs,
                         void *Stream, const std::function<bool()> &Prepare,
                         const RoundLength &Length);

  // Online tuning: variant I runs once as the program's own call, timed
  // without waiting for it; its time is read on a later call, when the
  // run is over (docs/runtime.md, "Online tuning").
  class RunTimer {
  public:
    virtual ~RunTimer();
    // False while the run is in flight; then true, with Seconds set or
    // Result saying why the run failed (Fatal: the device is unusable).
    virtual bool ready(double &Seconds, RunResult &Result) = 0;
  };
  struct StartedRun {
    RunResult Launch; // not Ok: Timer is null, and Ran says whether the
                      // variant ran (its time lost) or did not start
    bool Ran = false;
    std::unique_ptr<RunTimer> Timer;
  };
  // The default times the run as timeVariant does, waiting for it, so that
  // its time is ready at once: right for the host, whose run is the call.
  // A device backend brackets the launch with events and returns at once.
  virtual StartedRun startRun(const Variants &V, unsigned I, void *Stream);

  // Whether a run's time includes whatever else the machine ran meanwhile
  // (a clock on the host, where the operating system may give the CPU to
  // other programs mid-run) rather than the device's own time of the run.
  // Racing then wants more runs to agree before it trusts a time.
  virtual bool timesIncludeOtherWork() const { return false; }

  // A named range that a profiler shows on this thread's timeline (NVTX on
  // CUDA: docs/runtime.md, "In a profiler"), ended by endRange; ranges nest.
  // Only a tuning opens them, never a decided call. Nothing by default.
  virtual void beginRange(const std::string &Name) { (void)Name; }
  virtual void endRange() {}

  // Runs variant I as the statement itself would: asynchronously, no timing.
  virtual void launch(const Variants &V, unsigned I) { V.run(I); }

  // The memory restore(...) saves into: enough for a copy of B, null when
  // there is none; Stream orders its use and its release. The defaults of
  // these three are host memory and memcpy.
  virtual std::unique_ptr<CopyMemory> allocateLike(const Buffer &B,
                                                   void *Stream);
  // Stream orders the copy.
  virtual CopyResult copy(void *Dst, const void *Src, std::size_t Bytes,
                          void *Stream);
  // Copies to host memory and waits for the copy.
  virtual CopyResult copyToHost(void *HostDst, const void *Src,
                                std::size_t Bytes, void *Stream);

  // The memory at Data, to check a range before it is copied (tuning only,
  // never the hot path). The default reads the host's page mappings.
  virtual MemoryExtent memoryAt(const void *Data);

  // Queues on Stream what leaves the device's L2 cache cold for the next
  // run (measure(cold_l2)): a device backend overwrites a buffer larger
  // than the L2. The default, the host's: nothing to do.
  virtual CopyResult flushCache(void *Stream);

  // verify(...) on the device, where a backend can: compares Output's
  // elements with Reference's (device memory from allocateLike(Output)) as
  // closeEnough does, floating-point elements within Tol, the others
  // exactly, and waits for the verdict. Verdict is VerdictBytes of device
  // memory from allocateLike beside Output, for the kernel's result; only
  // that comes back to the host. Not Compared (Error says why): nothing was
  // decided, and the caller compares on the host. The default compares
  // nothing: a backend without device memory keeps the host path.
  struct DeviceComparison {
    bool Compared = false;
    bool Same = true;
    std::size_t FirstDifference = 0; // the element's index, where !Same
    std::string Error;
  };
  static constexpr std::size_t VerdictBytes = 8;
  virtual bool comparesOnDevice() const { return false; }
  virtual DeviceComparison compareOnDevice(const Buffer &Output,
                                           const void *Reference, Tolerance Tol,
                                           void *Verdict, void *Stream);

protected:
  // The runs of a round of Count runs with Length (timeRound), where its
  // first run has the time FirstRunSeconds (negative: none).
  static std::size_t heldRuns(const RoundLength &Length, std::size_t Count,
                              double FirstRunSeconds);
  // The same where that run is over, in Runs[0]: the runs the round does
  // not hold are removed.
  static void holdRuns(const RoundLength &Length, std::vector<TimedRun> &Runs);
};

// The steady-clock backend of host statements; always available.
Backend &hostBackend();

} // namespace autotune

#endif // AUTOTUNE_SRC_BACKEND_H
