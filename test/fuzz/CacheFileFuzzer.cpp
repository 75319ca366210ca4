// libFuzzer target for the cache loader: parseCacheEntry must refuse or
// accept any bytes without crashing, and an entry it accepts must be
// well-formed and survive being written and read again unchanged.
//   clang++-19 -fsanitize=fuzzer,address -std=c++17 -Iruntime/src \
//     -Iruntime/include test/fuzz/CacheFileFuzzer.cpp runtime/src/CacheFile.cpp
//     \
//     runtime/src/CacheIdentity.cpp runtime/src/TextFormat.cpp \
//     runtime/src/TuningRecord.cpp -o cache-fuzzer
//   ./cache-fuzzer -dict=test/fuzz/cache.dict CORPUS test/fuzz/corpus
#include "cache/CacheFile.h"
#include "cache/CacheIdentity.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

using namespace autotune;

namespace {

[[noreturn]] void fail(const char *What) {
  std::fprintf(stderr, "CacheFileFuzzer: %s\n", What);
  std::abort();
}

double speedUp(double Value) { return Value > 0 ? Value : -1; }

void expectWellFormed(const CacheEntry &E) {
  if (E.Params.empty())
    fail("accepted an entry without parameters");
  if (E.Winner.size() != E.Params.size() || E.Default.size() != E.Params.size())
    fail("accepted a winner or default of the wrong size");
  for (const CachedVariant &V : E.Variants) {
    if (V.Point.size() != E.Params.size())
      fail("accepted a variant point of the wrong size");
    for (double S : V.Samples)
      if (!(S >= 0))
        fail("accepted a negative or NaN sample");
  }
}

void expectSame(const CacheEntry &A, const CacheEntry &B) {
  bool Same =
      A.Site == B.Site && A.Name == B.Name && A.Function == B.Function &&
      A.File == B.File && A.Line == B.Line && A.Fingerprint == B.Fingerprint &&
      A.Pragma == B.Pragma && A.Statement == B.Statement &&
      A.Params == B.Params && A.DeviceModel == B.DeviceModel &&
      A.Driver == B.Driver && A.Runtime == B.Runtime && A.Key == B.Key &&
      A.Winner == B.Winner && A.Default == B.Default &&
      speedUp(A.SpeedUp) == speedUp(B.SpeedUp) && A.TunedAt == B.TunedAt &&
      A.TuningSeconds == B.TuningSeconds &&
      A.Variants.size() == B.Variants.size();
  for (std::size_t I = 0; Same && I < A.Variants.size(); ++I)
    Same = A.Variants[I].Point == B.Variants[I].Point &&
           A.Variants[I].Status == B.Variants[I].Status &&
           A.Variants[I].Median == B.Variants[I].Median &&
           A.Variants[I].Samples == B.Variants[I].Samples &&
           A.Variants[I].Problem == B.Variants[I].Problem;
  if (!Same)
    fail("an accepted entry changed when written and read again");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data,
                                      std::size_t Size) {
  std::string Text(reinterpret_cast<const char *>(Data), Size);
  CacheEntry Entry;
  std::string Problem;
  if (!parseCacheEntry(Text, Entry, Problem)) {
    if (Problem.empty())
      fail("refused an entry without saying why");
    return 0;
  }
  expectWellFormed(Entry);
  (void)cacheFileName(Entry);
  (void)formatCachedPoint(Entry, Entry.Winner);
  (void)formatCachedKey(Entry);

  std::string Written = serializeCacheEntry(Entry);
  if (Written.empty())
    return 0; // larger than a cache file may be: not written at all
  CacheEntry Back;
  if (!parseCacheEntry(Written, Back, Problem))
    fail("a written entry does not parse");
  // Samples are left out of entries that would exceed the size limit.
  if (Written.size() + 1 < MaxCacheFileBytes / 2)
    expectSame(Entry, Back);
  return 0;
}
