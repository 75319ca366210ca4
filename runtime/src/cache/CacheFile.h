// The format of one persistent-cache entry (docs/cache.md): the result of one
// tuning of one (site, device, key), as JSON text. Parsing validates every
// field, so that an entry that parses is safe to compare and to use.
// Shared by the runtime and tools/autotune-cache; it knows nothing of SiteInfo.
#ifndef AUTOTUNE_SRC_CACHEFILE_H
#define AUTOTUNE_SRC_CACHEFILE_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace autotune {

// The "format" field that marks a JSON object as a cache entry.
constexpr const char *CacheFormatName = "autotune-cache";
// Version 1: a finished tuning. Version 2 adds "unfinished", an online race
// still open when its process exited, whose winner is only the best so far:
// version 1 readers refuse it (and tune over it) rather than take that for
// a result. A finished entry is written as version 1, for every reader.
constexpr int CacheFormatVersion = 1;
constexpr int UnfinishedCacheFormatVersion = 2;
// Larger files are not read: a cache entry is a few KiB, and a huge file is
// foreign or damaged.
constexpr std::size_t MaxCacheFileBytes = 1 << 20;

// The times an entry may hold, in seconds: 0 (a run below the clock's
// resolution) or from a picosecond, below any timer, to 10^7 s, four months.
// Anything else is not a measurement: parsing refuses it and writing leaves
// it out (null), so that every time a reader meets can be drawn, divided and
// compared (autotune-cache plot, import) without overflow or denormals.
constexpr double MinCachedSeconds = 1e-12;
constexpr double MaxCachedSeconds = 1e7;
bool isCachedSeconds(double Seconds);
// A speed-up (one time over another) an entry may hold: within 10^-9 to 10^9.
constexpr double MaxCachedSpeedUp = 1e9;
bool isCachedSpeedUp(double SpeedUp);
// Whether Name can be a parameter: a C identifier, as space(...) declares
// one. An entry's names are pasted into clauses (autotune-cache pin).
bool isParameterName(const std::string &Name);
// Whether Text is a tuned_at the runtime writes: UTC in ISO 8601 with fixed
// widths and real fields ("2025-01-31T12:00:00Z"), or "" where it had no
// clock. Such times sort as text.
bool isCacheTime(const std::string &Text);

struct CachedVariant {
  std::vector<long long> Point; // one value per parameter
  std::string Status;           // "ok", "launch failed", ... (as in the log)
  double Median = -1;           // seconds; negative when it has no samples
  // Seconds of its fastest run, the warm-up included: what it was ranked
  // by; negative when it has no samples. Entries written before it existed
  // have none: their median stands in.
  double Best = -1;
  std::vector<double> Samples; // seconds, warm-up excluded
  // Seconds of its warm-up run; negative when it had none. Entries written
  // before it existed have none.
  double WarmUp = -1;
  std::string Problem; // why it failed or was rejected
};

// A restore(...) or verify(...) buffer of the tuned call.
struct CachedExtent {
  std::string Clause;  // "restore(x[n])"
  long long Count = 0; // elements
};

struct CacheEntry {
  // The site: what it is called, and what decides whether an entry applies.
  std::string Site; // the name in logs: Name plus template arguments
  std::string Name, Function, File;
  // What tells apart the instantiations of the templates around the site
  // (SiteInfo::Context); optional ("context"): "" in entries written before.
  std::string Context;
  unsigned Line = 0;
  std::uint64_t Fingerprint = 0;
  std::string Pragma, Statement;
  std::vector<std::string> Params;
  // The device.
  std::string DeviceModel, Driver, Runtime;
  std::vector<long long> Key;
  // Per key value, whether it is of an unsigned type and above INT64_MAX:
  // stored and printed as unsigned (the same size as Key).
  std::vector<bool> KeyUnsigned;
  // The result.
  std::vector<long long> Winner, Default; // one value per parameter
  double SpeedUp = -1; // default median / winner median; negative: unknown
  std::vector<CachedVariant> Variants;
  std::string TunedAt; // UTC, ISO 8601: "2025-01-31T12:00:00Z"
  // Optional ("tuned_by"; absent from files written before it): the
  // autotune that tuned it, "autotune 0.1.0" (Version.h).
  std::string TunedBy;
  double TuningSeconds = 0;
  // Optional ("extents"; absent from files written before it): later calls
  // whose counts differ are reported.
  std::vector<CachedExtent> Extents;
  // Optional ("fastest", "tie_band"; absent from files written before
  // them, and where no point was timed): the point with the fastest run,
  // and the resolution the winner was chosen with (TuningRecord::TieBand).
  std::vector<long long> Fastest;
  double TieBand = -1;
  // Optional ("min_gain"): the minimum gain the default point was held to.
  double MinGain = -1;
  // An online race still open when its process exited ("unfinished"): its
  // runs so far, to be continued by the next run of the program. Winner is
  // the best so far, never a result: nothing dispatches it.
  bool Unfinished = false;
  unsigned UnfinishedCalls = 0; // the calls the race has taken so far
};

// The variant record of Point in Entry; null when Entry holds none (its
// variants were left out, or the point is not in its space).
const CachedVariant *variantAtPoint(const CacheEntry &Entry,
                                    const std::vector<long long> &Point);
// Whether V's fastest run is within Entry's tie band of the fastest point's:
// a point the decision could not tell apart from it. False where the entry
// has no tie band.
bool isInTieBand(const CacheEntry &Entry, const CachedVariant &V);
// The fastest point's fastest run over the default point's, less one (0.012:
// the fastest was 1.2 % faster), where the default point won as a tie;
// negative otherwise.
double defaultKeptBy(const CacheEntry &Entry);

// The entry as the text of a cache file (pretty-printed JSON, never more than
// MaxCacheFileBytes: samples, then variant records, are left out of an entry
// that would be larger). Empty if even the bare entry is too large.
std::string serializeCacheEntry(const CacheEntry &Entry);

// Parses and validates the text of a cache file. False with Problem set
// ("not valid JSON (truncated or corrupt)", "format version 7, this autotune
// reads versions 1 and 2", "'variants[2].median' must be a number or null")
// when the text is not an entry this version can trust. Never throws.
bool parseCacheEntry(const std::string &Text, CacheEntry &Entry,
                     std::string &Problem);

// What a text that is not a valid entry is, for telling the cache's damaged
// files from other people's.
enum class CacheTextKind {
  Entry,     // a valid entry
  Marked,    // JSON whose top-level "format" says it is a cache entry (of
             // any version), but not one this version can use
  OtherJson, // JSON that does not say it is a cache entry
  NotJson,   // not JSON at all (empty, truncated, corrupt)
};
// parseCacheEntry(), and what the text is when it is not an entry: the text
// is parsed once.
CacheTextKind classifyCacheText(const std::string &Text, CacheEntry &Entry,
                                std::string &Problem);

// "X=16 Y=2", as the log writes a point (formatPoint(), TextFormat.h)
std::string formatCachedPoint(const CacheEntry &Entry,
                              const std::vector<long long> &Point);
// "X = 16, Y = 2", as a pragma clause writes a point (formatClausePoint(),
// TextFormat.h)
std::string formatCachedClausePoint(const CacheEntry &Entry,
                                    const std::vector<long long> &Point);
// "(4096, 2)", "" for an entry without key(...) (formatKey(), TextFormat.h)
std::string formatCachedKey(const CacheEntry &Entry);
// Whether A and B hold the same key: the same values, each of an unsigned
// type above INT64_MAX in both or in neither (a KeyUnsigned shorter than
// Key leaves the rest signed).
bool sameKey(const CacheEntry &A, const CacheEntry &B);

// "unfinished: 2 of 3 points run, 5 calls so far": what an unfinished entry
// (an online race still open) has, where a finished one has its winner.
std::string describeUnfinished(const CacheEntry &Entry);

// Whether Entry is of the site a user named: its name in the log, or its
// name(...), which covers every template instantiation.
bool isEntryOfSite(const CacheEntry &Entry, const std::string &Site);

} // namespace autotune

#endif // AUTOTUNE_SRC_CACHEFILE_H
