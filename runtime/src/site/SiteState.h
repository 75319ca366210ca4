// The library's side of one `#pragma autotune` site: its tuned entries, the
// lock that serialises starting a tuning, and the registry of all sites.
#ifndef AUTOTUNE_SRC_SITESTATE_H
#define AUTOTUNE_SRC_SITESTATE_H

#include "cache/ResultStore.h"
#include "fleet/TuningGroup.h"
#include "measure/Backend.h"
#include "site/EntryTable.h"
#include "site/ExtentChange.h"
#include "tune/TuningRecord.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace autotune {

// Whether this thread is inside autotune::tuneNow(), whose call must tune
// on the call whatever the site's mode (defined in ChosenPoint.cpp).
bool insideTuneNow();

struct SiteState {
  // The state of S, created and registered on first use.
  static SiteState &of(Site &S);

  // Hot path: the entry of (Model, Key) when its winner is decided, else
  // null.
  const TunedEntry *decidedEntry(int Model, const SiteInfo &Info,
                                 const CallArgs &Args) {
    // The site's lock-free table; a per-thread cache of the last hit in
    // front of it saved nothing measurable (docs/runtime.md, "Why the
    // tuner's numbers are what they are").
    const TunedEntry *E = Entries.find(hashKey(Model, Args.Key, Args.KeyCount),
                                       Model, Args.Key, Args.KeyCount);
    if (!E || E->Winner.load(std::memory_order_acquire) < 0)
      return nullptr;
    checkExtents(Info, *E, Args);
    return E;
  }

  // Says once per site when a call's restore(...)/verify(...) counts differ
  // from those the entry's winner was tuned on. Cheap unless they differ.
  void checkExtents(const SiteInfo &Info, const TunedEntry &E,
                    const CallArgs &Args) {
    if (!ExtentChangeReported.load(std::memory_order_relaxed) &&
        !E.matchesCounts(Args))
      reportExtentChange(Info, E, Args);
  }

  // Whether the Site may now remember another decided entry for
  // Site::decided (Site::run asks when the entry it found is not the one
  // remembered): at most one change a millisecond, so that threads calling
  // one site with different keys do not write its Site on every call; the
  // calls the remembered entry does not answer go through the library, as
  // before.
  bool mayRemember();

  // Everything but the hot path, as a pipeline: look the call up (in
  // memory, then on disk, then wait for another process tuning it), tune
  // it if nothing is known, record the result (table, disk, log), launch.
  static void runSlow(Site &S, Backend &B, const Variants &V,
                      const CallArgs &Args);

  // The persistent cache's result for (Info, Model, Key) as the site would
  // use it (the user's cache, then the shipped results); false when it has
  // none or must not be read (AUTOTUNE_RETUNE=1, AUTOTUNE_CACHE=off).
  static bool readStored(const SiteInfo &Info, const long long *Key,
                         unsigned KeyCount, int Model, StoredResult &Stored);

  // The online race of (Info, Model, Key) an earlier run of the program
  // left unfinished in the persistent cache; false when there is none or the
  // cache must not be read (as readStored()).
  static bool readUnfinished(const SiteInfo &Info, const long long *Key,
                             unsigned KeyCount, int Model, TuningRecord &Saved);

  // For tests: forget every result of every site (no call may be in flight).
  static void forgetAll();

  // The registered sites whose label (siteLabel()) is Site, else those whose
  // name(...) is Site (every instantiation of a template's site).
  static std::vector<SiteState *> named(const std::string &Site);

  // The site and the backend of its last slow call (its device for
  // autotune::chosenPoint()), set by every slow call; null until then, and
  // after forgetAll() (a test's site may be gone).
  std::atomic<const SiteInfo *> Info{nullptr};
  std::atomic<Backend *> LastBackend{nullptr};

  EntryTable Entries;
  // Held to read the persistent cache, insert entries and wait; never while
  // a variant runs.
  std::mutex Mutex;
  std::condition_variable Tuned;
  std::atomic<bool> ExtentChangeReported{false};
  // When the Site last remembered an entry (steady clock, ns; 0: never).
  std::atomic<std::int64_t> LastRemembered{0};
  // Whether the site was said to tune blocking although online tuning was
  // asked for (tunesOnline()); once per site.
  std::atomic<bool> BlockingNoted{false};
  // Keys whose nearest-key winner was said (under Mutex).
  std::set<std::vector<long long>> NearestNoted;
  // The stored results of each device model's keys (ResultStore::
  // storedKeys()), read once per process (under Mutex): the whole cache
  // directory, which a key without an entry would otherwise read again at
  // each new key and each captured call.
  std::map<int, std::vector<KeyedWinner>> StoredKeys;

private:
  // What look-up found for a call.
  struct LookUp {
    TunedEntry *Entry = nullptr; // the entry whose winner is Point, or null
    unsigned Point = 0;          // the point to launch, unless MustTune
    bool MustTune = false; // Entry is new, this thread's to tune and record
    GroupPlan Plan;        // with MustTune: alone, or a share of a group's
    TuningGroup *Group = nullptr; // the group Plan came from
    bool Racing = false; // Entry is tuned online: the call runs its race
  };
  // Whether a new entry is tuned online: its pragma's mode(...) or
  // AUTOTUNE_MODE says so, and nothing needs the call to wait (verify(...),
  // a budget(n) search, a tuning group, tuneNow()); where something does,
  // the site tunes blocking, which is said once.
  bool tunesOnline(const SiteInfo &Info, const CallArgs &Args, bool InGroup);
  // Says at AUTOTUNE_LOG=1 that a new race goes on from Saved, and from how
  // many runs.
  static void noteContinued(const SiteInfo &Info, const CallArgs &Args,
                            int Model, const TuningRecord &Saved);
  // One call of an entry tuned online; records the race's result when the
  // call ended it.
  void runOnline(TunedEntry &E, const SiteInfo &Info, Backend &B,
                 const Variants &V, const CallArgs &Args);
  // In memory (waiting for another thread's tuning of the same key), then
  // in the persistent cache, whose answer it enters in the table; where
  // tuning must not happen, the nearest tuned key's winner (capture,
  // AUTOTUNE=cached) or the default point (recursion); with a tuning group,
  // what the group agrees (a member's stored result, or a share to tune);
  // else a new entry for this thread to tune.
  LookUp lookUp(const SiteInfo &Info, Backend &B, const CallArgs &Args,
                int Model);
  // What each of lookUp's sources is asked with: the call, its key's hash,
  // and whether the call must not tune (stream capture), which fromMemory
  // asks the backend once no decided entry answers.
  struct Query {
    const SiteInfo &Info;
    Backend &B;
    const CallArgs &Args;
    int Model;
    std::uint64_t Hash;
    bool Capturing = false;
  };
  // The site's table: a decided entry (without the lock), a race, or
  // another thread's tuning waited for (under Lock, which it takes); none
  // where the table has no entry for the key, Lock then still held.
  std::optional<LookUp> fromMemory(Query &Call,
                                   std::unique_lock<std::mutex> &Lock);
  // The persistent cache's result, entered in the table.
  LookUp fromStore(const Query &Call, const StoredResult &Stored);
  // Where tuning must not happen (capture, AUTOTUNE=cached): a race an
  // earlier run left unfinished (capture only), else the nearest tuned
  // key's winner or the default point; AUTOTUNE=cached enters it in the
  // table.
  LookUp withoutTuning(const Query &Call);
  // A new entry: raced online, or for this thread to tune (MustTune), or,
  // with Group, to tune once the group is asked (askGroup).
  LookUp startTuning(const Query &Call, TuningGroup *Group, bool HaveStored);
  // What Group agrees for E, asked unlocked: a member's stored result
  // (Stored, where this process has one), or a share to tune.
  LookUp askGroup(const Query &Call, TunedEntry &E, TuningGroup &Group,
                  StoredResult &Stored, bool HaveStored);
  // An entry tuned online is never waited for: the call runs the race. A
  // device that can run nothing more ends the race, which the call records.
  static LookUp race(const Query &Call, TunedEntry &E);
  // The winner of the tuned key nearest to the call's (in this process's
  // table, or stored), said once per key at AUTOTUNE_LOG=1; -1 when no key
  // of this site and device model is tuned. Under Mutex.
  int nearestWinner(const SiteInfo &Info, const CallArgs &Args, int Model,
                    bool Capturing);
  // Before this thread tunes E: another process sharing the cache may be
  // tuning the same key. ThisProcess with Lease held while this process
  // tunes; ResultArrived with E's winner published; WaitExpired with E
  // Unknown again.
  TuningTurn awaitTurn(TunedEntry &E, const SiteInfo &Info,
                       const CallArgs &Args, TuningLease &Lease);
  // Whether this process tunes E now, alone (awaitTurn, Lease then held);
  // where it does not, the call has launched the other process's result
  // or, after the wait bound, the default point.
  bool tunesHere(TunedEntry &E, const SiteInfo &Info, Backend &B,
                 const Variants &V, const CallArgs &Args, TuningLease &Lease);
  // Measures Found's entry (Together: the group's share of it, Found.Plan)
  // and decides; where a variant throws, the callers waiting, and a
  // group, are released and the exception goes on.
  TuningRecord tuneEntry(const LookUp &Found, bool Together,
                         const SiteInfo &Info, Backend &B, const Variants &V,
                         const CallArgs &Args, TuningLease &Lease);
  // E's extents from a stored result (E not yet published).
  static void enterStored(TunedEntry &E, const StoredResult &Stored,
                          const CallArgs &Args);
  // The one record step of a tuning: E's winner published (waking the
  // callers waiting), the log line, the cache file.
  void record(TunedEntry &E, const SiteInfo &Info, const CallArgs &Args,
              const TuningRecord &Record);
  // Makes Winner (a point, or TunedEntry::Unknown) visible and wakes the
  // callers waiting.
  void publish(TunedEntry &E, int Winner);
  void reportExtentChange(const SiteInfo &Info, const TunedEntry &E,
                          const CallArgs &Args);

  static std::atomic<SiteState *> &stateOf(Site &S) { return S.State; }
};

namespace testing {
// The least time between two entries a Site remembers (1 ms; again after
// resetRuntime()).
void setRememberInterval(std::chrono::nanoseconds Interval);
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_SITESTATE_H
