// Open addressing with linear probing; the load factor stays below one half,
// so a probe ends at an empty slot quickly.
#include "site/EntryTable.h"

#include "tune/OnlineTuning.h"

#include <algorithm>
#include <iterator>

namespace autotune {

TunedEntry::TunedEntry(int Model, const long long *Key, unsigned KeyCount,
                       std::uint64_t Hash)
    : Model(Model), Hash(Hash) {
  Winner.store(Tuning, std::memory_order_relaxed);
  this->KeyCount = KeyCount;
  if (KeyCount <= std::size(InlineKey)) {
    std::copy(Key, Key + KeyCount, InlineKey);
    this->Key = InlineKey;
  } else {
    LongKey.assign(Key, Key + KeyCount);
    this->Key = LongKey.data();
  }
}

void TunedEntry::setTunedCounts(std::vector<long long> Tuned) {
  TunedCounts = std::move(Tuned);
  Counts = TunedCounts.data();
  CountCount = static_cast<unsigned>(TunedCounts.size());
}

// Here, where OnlineTuning is complete.
TunedEntry::~TunedEntry() = default;

std::uint64_t hashKey(int Model, const long long *Key, unsigned KeyCount) {
  std::uint64_t H = 0xcbf29ce484222325ULL ^ static_cast<std::uint64_t>(Model);
  auto Mix = [&](std::uint64_t V) {
    H ^= V + 0x9e3779b97f4a7c15ULL + (H << 6) + (H >> 2);
    H *= 0x100000001b3ULL;
  };
  Mix(KeyCount);
  for (unsigned I = 0; I < KeyCount; ++I)
    Mix(static_cast<std::uint64_t>(Key[I]));
  return H ^ (H >> 29);
}

EntryTable::Slots::Slots(std::size_t Capacity)
    : Mask(Capacity - 1), Slot(new std::atomic<TunedEntry *>[Capacity]) {
  for (std::size_t I = 0; I < Capacity; ++I)
    Slot[I].store(nullptr, std::memory_order_relaxed);
}

EntryTable::EntryTable() {
  AllSlots.push_back(std::make_unique<Slots>(8));
  Current.store(AllSlots.back().get(), std::memory_order_release);
}

EntryTable::~EntryTable() = default;

void EntryTable::place(Slots &S, TunedEntry *E) {
  std::size_t I = E->Hash & S.Mask;
  while (S.Slot[I].load(std::memory_order_relaxed))
    I = (I + 1) & S.Mask;
  S.Slot[I].store(E, std::memory_order_release);
}

TunedEntry *EntryTable::insert(std::unique_ptr<TunedEntry> Entry) {
  TunedEntry *E = Entry.get();
  Entries.push_back(std::move(Entry));
  Slots *S = Current.load(std::memory_order_relaxed);
  if (2 * Entries.size() > S->Mask + 1) {
    // Readers may still probe the old array; it is kept, and every entry
    // in it stays valid.
    auto Bigger = std::make_unique<Slots>(2 * (S->Mask + 1));
    for (const std::unique_ptr<TunedEntry> &Old : Entries)
      place(*Bigger, Old.get());
    Current.store(Bigger.get(), std::memory_order_release);
    AllSlots.push_back(std::move(Bigger));
    return E;
  }
  place(*S, E);
  return E;
}

void EntryTable::clear() {
  AllSlots.clear();
  for (std::unique_ptr<TunedEntry> &E : Entries) {
    E->Winner.store(TunedEntry::Unknown, std::memory_order_relaxed);
    Forgotten.push_back(std::move(E));
  }
  Entries.clear();
  AllSlots.push_back(std::make_unique<Slots>(8));
  Current.store(AllSlots.back().get(), std::memory_order_release);
}

} // namespace autotune
