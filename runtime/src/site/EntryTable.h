// The tuned results of one site: one entry per (device model, key), found by
// the hot path without a lock. Entries are only ever added (under the site's
// mutex) and stay at the same address, so a reader holding one never races a
// writer; a growing table leaves its old slot array to readers still in it.
#ifndef AUTOTUNE_SRC_ENTRYTABLE_H
#define AUTOTUNE_SRC_ENTRYTABLE_H

#include "autotune/autotune.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

namespace autotune {

std::uint64_t hashKey(int Model, const long long *Key, unsigned KeyCount);

class OnlineTuning;

// The decided part (winner, key, tuned counts) is the base that rewritten
// code reads through Site::decided().
struct TunedEntry : detail::DecidedEntry {
  static constexpr int Tuning = -1;
  // No winner, and nobody tunes it now: the next call looks it up again
  // (another process was still tuning it when this one stopped waiting).
  static constexpr int Unknown = -2;
  // Tuned online: every call runs one point of Online's race, none waits.
  static constexpr int Racing = -3;

  TunedEntry(int Model, const long long *Key, unsigned KeyCount,
             std::uint64_t Hash);
  ~TunedEntry();

  bool matches(int OtherModel, const long long *OtherKey,
               unsigned OtherCount) const {
    return Model == OtherModel && matchesKey(OtherKey, OtherCount);
  }
  std::vector<long long> keyValues() const {
    return std::vector<long long>(Key, Key + KeyCount);
  }
  // Keeps the restore(...)/verify(...) counts of the call the winner was
  // tuned on, and points Counts at them; before Winner is published.
  void setTunedCounts(std::vector<long long> TunedCounts);

  const int Model;
  const std::uint64_t Hash;
  // Winner (in the base) is the chosen point, or Tuning while TunerThread
  // measures, or Unknown, or Racing while Online decides.
  // Set before the entry is inserted, for an entry tuned online; kept after
  // the race (a call already past the hot path may still ask it).
  std::unique_ptr<OnlineTuning> Online;
  // A key too long for InlineKey; Key points here then.
  std::vector<long long> LongKey;
  // What Counts points at, when the counts are known and not empty.
  std::vector<long long> TunedCounts;
  // The winner of the nearest tuned key (AUTOTUNE=cached), not a result of
  // this key: not a candidate for other keys' nearest.
  bool Borrowed = false;
  std::thread::id TunerThread;
};

class EntryTable {
public:
  EntryTable();
  ~EntryTable();
  EntryTable(const EntryTable &) = delete;
  EntryTable &operator=(const EntryTable &) = delete;

  // Any thread, no lock.
  TunedEntry *find(std::uint64_t Hash, int Model, const long long *Key,
                   unsigned KeyCount) const {
    const Slots *S = Current.load(std::memory_order_acquire);
    for (std::size_t I = Hash & S->Mask;; I = (I + 1) & S->Mask) {
      TunedEntry *E = S->Slot[I].load(std::memory_order_acquire);
      if (!E)
        return nullptr;
      if (E->Hash == Hash && E->matches(Model, Key, KeyCount))
        return E;
    }
  }

  // One writer at a time (the site's mutex).
  TunedEntry *insert(std::unique_ptr<TunedEntry> Entry);
  // Every entry, in insertion order; under the writers' lock.
  template <class F> void forEach(F &&Visit) const {
    for (const std::unique_ptr<TunedEntry> &E : Entries)
      Visit(*E);
  }
  // Forgets every entry (tests only; no reader may be running). A site may
  // still remember one (Site::decided): they are kept, undecided.
  void clear();

private:
  struct Slots {
    explicit Slots(std::size_t Capacity);
    std::size_t Mask;
    std::unique_ptr<std::atomic<TunedEntry *>[]> Slot;
  };
  void place(Slots &S, TunedEntry *E);

  std::atomic<Slots *> Current{nullptr};
  std::vector<std::unique_ptr<Slots>> AllSlots; // retired ones included
  std::vector<std::unique_ptr<TunedEntry>> Entries;
  std::vector<std::unique_ptr<TunedEntry>> Forgotten;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_ENTRYTABLE_H
