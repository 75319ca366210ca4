// Results that outlive the process. The site asks the store before tuning
// (unless AUTOTUNE_RETUNE=1 or AUTOTUNE_CACHE=off) and tells it every tuning
// that measured its variants (when AUTOTUNE_CACHE=on). The built-in store is
// the on-disk cache of docs/cache.md, in environment().CacheDir.
#ifndef AUTOTUNE_SRC_RESULTSTORE_H
#define AUTOTUNE_SRC_RESULTSTORE_H

#include "fleet/TuningLease.h"
#include "measure/Backend.h"
#include "site/NearestKey.h"
#include "tune/TuningRecord.h"

#include <string>

namespace autotune {

// What an earlier tuning left for later processes.
struct StoredResult {
  unsigned Point = 0; // the winner
  // The restore(...)/verify(...) extents it was tuned on; empty where the
  // entry does not say.
  std::vector<BufferExtent> Extents;
};

class ResultStore {
public:
  virtual ~ResultStore();
  // True with Result set when an earlier tuning of this site, device model
  // and key is known and still valid.
  virtual bool lookup(const SiteInfo &Info, const DeviceIdentity &Device,
                      const long long *Key, unsigned KeyCount,
                      StoredResult &Result) = 0;
  // Adds to Found every stored result of this site and device model, of
  // any key (for the nearest key, where a key cannot be tuned). The
  // built-in store reads every file of the cache directory.
  virtual void storedKeys(const SiteInfo &Info, const DeviceIdentity &Device,
                          std::vector<KeyedWinner> &Found) {
    (void)Info, (void)Device, (void)Found;
  }
  // Before this process tunes what the store would hold for this key:
  // where other processes share the store, waits while one of them tunes
  // it (ResultArrived with Result set, or WaitExpired after the bound),
  // else ThisProcess, Lease held until the result is stored. The built-in
  // store shares with the processes of the same cache directory, when it
  // writes (AUTOTUNE_CACHE=on); by default a store does not wait.
  virtual TuningTurn awaitTurn(const SiteInfo &Info,
                               const DeviceIdentity &Device,
                               const long long *Key, unsigned KeyCount,
                               TuningLease &Lease, StoredResult &Result) {
    (void)Info, (void)Device, (void)Key, (void)KeyCount, (void)Lease,
        (void)Result;
    return TuningTurn::ThisProcess;
  }
  // Keeps Record: a tuning's result, or, where Record.Unfinished, the runs
  // so far of an online race still open at exit, for the next run of the
  // program to continue (never a result: lookup() and storedKeys() do not
  // see it, and it never replaces a result stored meanwhile).
  virtual void store(const SiteInfo &Info, const DeviceIdentity &Device,
                     const long long *Key, unsigned KeyCount,
                     const TuningRecord &Record) = 0;
  // True with Race set (its variants' statuses, warm-ups, samples and
  // problems, the calls and seconds so far) when an online race of this
  // site, device model and key was left unfinished by an earlier process
  // and no result has replaced it. By default a store keeps none.
  virtual bool unfinishedRace(const SiteInfo &Info,
                              const DeviceIdentity &Device,
                              const long long *Key, unsigned KeyCount,
                              TuningRecord &Race) {
    (void)Info, (void)Device, (void)Key, (void)KeyCount, (void)Race;
    return false;
  }
};

ResultStore &resultStore();

// The file of the on-disk cache that holds (or would hold) the result for
// this site, device and key, in directory Dir.
std::string cacheFilePath(const std::string &Dir, const SiteInfo &Info,
                          const DeviceIdentity &Device, const long long *Key,
                          unsigned KeyCount);

namespace testing {
// Replaces the store; null restores the built-in one.
void setResultStore(ResultStore *Store);
// Forgets which cache warnings were given once per process (no directory,
// unwritable directory, ignored file), so that they are given again.
void forgetCacheWarnings();
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_RESULTSTORE_H
