// The library's side of one `#pragma autotune` site: its tuned entries, the
// lock that serialises starting a tuning, and the registry of all sites.
#ifndef AUTOTUNE_SRC_SITESTATE_H
#define AUTOTUNE_SRC_SITESTATE_H

#include "Backend.h"
#include "EntryTable.h"
#include "ExtentChange.h"

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <mutex>

namespace autotune {

struct SiteState {
  // The state of S, created and registered on first use.
  static SiteState &of(Site &S);

  // Hot path: the winner for (Model, Key), or -1 when none is known yet.
  int cachedWinner(int Model, const SiteInfo &Info, const CallArgs &Args) {
    const long long *Key = Args.Key;
    unsigned KeyCount = Args.KeyCount;
    // The entry this thread found last for this site: most threads see one
    // key in a row, and a per-thread cache is written without sharing a
    // cache line with other threads.
    LastHit &Hit = lastHit();
    unsigned Gen = Generation.load(std::memory_order_relaxed);
    TunedEntry *E = Hit.Site == this && Hit.Gen == Gen ? Hit.Entry : nullptr;
    if (!E || !E->matches(Model, Key, KeyCount)) {
      E = Entries.find(hashKey(Model, Key, KeyCount), Model, Key, KeyCount);
      if (!E)
        return -1;
      Hit = {this, E, Gen};
    }
    int Winner = E->Winner.load(std::memory_order_acquire);
    if (Winner >= 0)
      checkExtents(Info, *E, Args);
    return Winner;
  }

  // Says once per site when a call's restore(...)/verify(...) counts differ
  // from those the entry's winner was tuned on. Cheap unless they differ.
  void checkExtents(const SiteInfo &Info, const TunedEntry &E,
                    const CallArgs &Args) {
    if (E.CountsKnown &&
        !ExtentChangeReported.load(std::memory_order_relaxed) &&
        !sameCounts(E.TunedCounts, Args))
      reportExtentChange(Info, E, Args);
  }

  // Everything but the hot path: tuning, waiting, capture, AUTOTUNE=off.
  static void runSlow(Site &S, Backend &B, const Variants &V,
                      const CallArgs &Args);

  // Makes the winner of a tuning visible and wakes the callers waiting.
  void publish(TunedEntry &E, unsigned Winner);

  // For tests: forget every result of every site (no call may be in flight).
  static void forgetAll();

  EntryTable Entries;
  // Changes when forgetAll() clears every table (tests only).
  static std::atomic<unsigned> Generation;
  std::mutex Mutex; // held to insert entries and to wait, never to run
  std::condition_variable Tuned;
  std::atomic<bool> ExtentChangeReported{false};

private:
  void reportExtentChange(const SiteInfo &Info, const TunedEntry &E,
                          const CallArgs &Args);

  struct LastHit {
    const SiteState *Site = nullptr;
    TunedEntry *Entry = nullptr;
    unsigned Gen = 0;
  };
  // A few sites per thread, by address; a collision only costs a lookup.
  LastHit &lastHit() const {
    // initial-exec: a direct TLS access even though the library is built
    // position-independent (it is linked into programs, not dlopen'ed).
    static thread_local LastHit Hits[16]
        __attribute__((tls_model("initial-exec")));
    return Hits[(reinterpret_cast<std::uintptr_t>(this) >> 6) & 15];
  }
  static std::atomic<SiteState *> &stateOf(Site &S) { return S.State; }
};

} // namespace autotune

#endif // AUTOTUNE_SRC_SITESTATE_H
