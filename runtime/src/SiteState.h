// The library's side of one `#pragma autotune` site: its tuned entries, the
// lock that serialises starting a tuning, and the registry of all sites.
#ifndef AUTOTUNE_SRC_SITESTATE_H
#define AUTOTUNE_SRC_SITESTATE_H

#include "Backend.h"
#include "EntryTable.h"

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace autotune {

struct SiteState {
  // The state of S, created and registered on first use.
  static SiteState &of(Site &S);

  // Hot path: the winner for (Model, Key), or -1 when none is known yet.
  int cachedWinner(int Model, const long long *Key, unsigned KeyCount) {
    TunedEntry *E = LastHit.load(std::memory_order_acquire);
    if (!E || !E->matches(Model, Key, KeyCount)) {
      E = Entries.find(hashKey(Model, Key, KeyCount), Model, Key, KeyCount);
      if (!E)
        return -1;
      LastHit.store(E, std::memory_order_release);
    }
    return E->Winner.load(std::memory_order_acquire);
  }

  // Everything but the hot path: tuning, waiting, capture, AUTOTUNE=off.
  static void runSlow(Site &S, Backend &B, const Variants &V,
                      const CallArgs &Args);

  // Makes the winner of a tuning visible and wakes the callers waiting.
  void publish(TunedEntry &E, unsigned Winner);

  // For tests: forget every result of every site (no call may be in flight).
  static void forgetAll();

  EntryTable Entries;
  // The entry the last call found; most sites see one key in a row.
  std::atomic<TunedEntry *> LastHit{nullptr};
  std::mutex Mutex; // held to insert entries and to wait, never to run
  std::condition_variable Tuned;

private:
  static std::atomic<SiteState *> &stateOf(Site &S) { return S.State; }
};

} // namespace autotune

#endif // AUTOTUNE_SRC_SITESTATE_H
