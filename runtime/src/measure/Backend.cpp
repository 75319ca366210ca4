// The key function of Backend, so that its vtable lives in the runtime
// library and every backend (host, CUDA, tests' fakes) shares it; and what
// every backend knows of host memory.
#include "measure/Backend.h"

#include "measure/HostPages.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace autotune {
namespace {

class HostCopyMemory final : public CopyMemory {
public:
  explicit HostCopyMemory(unsigned char *Bytes) : CopyMemory(Bytes) {}
  ~HostCopyMemory() override { delete[] static_cast<unsigned char *>(data()); }
};

// A run timed while it ran: its time is known when it is handed over.
class FinishedRun final : public Backend::RunTimer {
public:
  explicit FinishedRun(double Seconds) : Seconds(Seconds) {}
  bool ready(double &Out, RunResult &) override {
    Out = Seconds;
    return true;
  }

private:
  const double Seconds;
};

} // namespace

CopyMemory::~CopyMemory() = default;

Backend::~Backend() = default;

Backend::RunTimer::~RunTimer() = default;

CopyResult Backend::flushCache(void *) { return {}; }

Backend::StartedRun Backend::startRun(const Variants &V, unsigned I,
                                      void *Stream) {
  StartedRun Started;
  double Seconds = 0;
  Started.Launch = timeVariant(V, I, Stream, Seconds);
  if (Started.Launch.Outcome == RunOutcome::Ok) {
    Started.Ran = true;
    Started.Timer = std::make_unique<FinishedRun>(Seconds);
  }
  return Started;
}

std::size_t Backend::heldRuns(const RoundLength &Length, std::size_t Count,
                              double FirstRunSeconds) {
  if (!Length || Count <= 2)
    return Count;
  if (FirstRunSeconds < 0)
    return 2;
  return std::clamp<std::size_t>(Length(FirstRunSeconds), 2, Count);
}

void Backend::holdRuns(const RoundLength &Length, std::vector<TimedRun> &Runs) {
  const TimedRun &First = Runs[0];
  bool Timed = First.Ran && First.Result.Outcome == RunOutcome::Ok;
  Runs.resize(heldRuns(Length, Runs.size(), Timed ? First.Seconds : -1));
}

bool Backend::timeRound(const Variants &V, std::vector<TimedRun> &Runs,
                        void *Stream, const std::function<bool()> &Prepare,
                        const RoundLength &Length) {
  for (std::size_t K = 0; K < Runs.size(); ++K) {
    if (K == 2) {
      holdRuns(Length, Runs);
      if (K == Runs.size())
        break;
    }
    TimedRun &Run = Runs[K];
    if (!Prepare())
      return false;
    Run.Ran = true;
    Run.Result = timeVariant(V, Run.Variant, Stream, Run.Seconds);
    if (Run.Result.Outcome == RunOutcome::Fatal)
      break;
  }
  return true;
}

std::unique_ptr<CopyMemory> Backend::allocateLike(const Buffer &B, void *) {
  auto *Bytes = new (std::nothrow) unsigned char[B.Bytes ? B.Bytes : 1];
  if (!Bytes)
    return nullptr;
  return std::make_unique<HostCopyMemory>(Bytes);
}

CopyResult Backend::copy(void *Dst, const void *Src, std::size_t Bytes,
                         void *) {
  std::memcpy(Dst, Src, Bytes);
  return {};
}

CopyResult Backend::copyToHost(void *HostDst, const void *Src,
                               std::size_t Bytes, void *) {
  std::memcpy(HostDst, Src, Bytes);
  return {};
}

MemoryExtent Backend::memoryAt(const void *Data) {
  MemoryExtent Extent;
  if (std::optional<std::size_t> Bytes = hostWritableBytesFrom(Data)) {
    Extent.Where = MemoryExtent::Kind::Host;
    Extent.BytesFrom = *Bytes;
  }
  return Extent;
}

Backend::DeviceComparison Backend::compareOnDevice(const Buffer &, const void *,
                                                   Tolerance, void *, void *) {
  DeviceComparison Result;
  Result.Error = "this backend compares on the host";
  return Result;
}

} // namespace autotune
