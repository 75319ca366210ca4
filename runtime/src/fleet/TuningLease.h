// The claim of one process on one tuning of the cache directory, so that
// processes sharing the directory tune an entry once: the process that
// creates ".<entry>.lease" (O_CREAT | O_EXCL) tunes; the others wait for the
// entry, bounded, and one of them takes over when the holder dies or stops
// refreshing its lease (docs/cache.md, "Concurrency"). Shared by the runtime
// and `autotune-cache clear`.
#ifndef AUTOTUNE_SRC_TUNINGLEASE_H
#define AUTOTUNE_SRC_TUNINGLEASE_H

#include <chrono>
#include <functional>
#include <string>

namespace autotune {

// ".<entry file name>.lease": hidden, and not ".json", so that no listing
// of entries or temporary files takes it for one.
std::string leaseFileName(const std::string &EntryName);
// Whether Name is a lease file: ".<cache file name>.lease".
bool isLeaseFileName(const std::string &Name);
// Whether Name is the marker of a lease being removed:
// ".<cache file name>.lease.<16 hex digits>.end". It exists for the
// microseconds of a removal, unless its maker died in them.
bool isLeaseEndFileName(const std::string &Name);

// What a process that is about to tune an entry of the cache does.
enum class TuningTurn {
  ThisProcess,   // it tunes: it holds the lease, or no lease can be taken
  ResultArrived, // another process tuned the entry meanwhile
  WaitExpired,   // another process still tunes it after the wait bound
};

struct LeaseRequest {
  std::string Dir;       // the cache directory, existing and trusted
  std::string EntryName; // cacheFileName() of the entry to tune
  double Seconds = 30;   // a lease not refreshed for this long is stale
  double MaxWait = 600;  // how long take() waits for a live holder
  std::string Where;     // the prefix of log lines (describeTuning())
  int LogLevel = 0;
  // Whether the entry is in the cache now, usable (asked between waits).
  std::function<bool()> Arrived;
};

class TuningLease {
public:
  TuningLease() = default;
  TuningLease(const TuningLease &) = delete;
  TuningLease &operator=(const TuningLease &) = delete;
  ~TuningLease() { release(); }

  // Takes the lease of Request's entry, or waits while a live process holds
  // it: ResultArrived as soon as Request.Arrived() says so, WaitExpired
  // after Request.MaxWait. A stale lease (its holder exited, or has not
  // refreshed it for Request.Seconds) is removed, and the lease taken.
  // ThisProcess without a lease where none can be created (a read-only
  // directory, a file in the way): this process tunes as if alone.
  TuningTurn take(const LeaseRequest &Request);

  bool held() const { return Fd >= 0; }

  // Tells waiting processes that the tuning goes on: touches the lease,
  // at most every second (a quarter of the lease time when shorter).
  // Nothing when not held; cheap when no touch is due.
  void refresh();

  // Removes the lease file, if it is still this lease's; nothing when not
  // held.
  void release();

private:
  enum class Created { Yes, Exists, Unusable };
  Created create(const LeaseRequest &Request);

  int Fd = -1;
  std::string Dir, Name, Text; // where the lease is, and what it holds
  double Seconds = 30;
  std::chrono::steady_clock::duration RefreshEvery{};
  std::chrono::steady_clock::time_point Refreshed;
};

// For `autotune-cache clear`: removes Dir/Name, a lease or the marker of
// one being removed, if it is provably stale: its holder was a process of
// this machine that has exited, or it was not refreshed for OlderThan
// seconds. True when it was removed.
bool removeStaleLeaseFile(const std::string &Dir, const std::string &Name,
                          double OlderThan);

} // namespace autotune

#endif // AUTOTUNE_SRC_TUNINGLEASE_H
