// The built-in result store: the on-disk cache (docs/cache.md). An entry is
// used only if everything that decides the result matches the site as it was
// compiled into this program, and its winner is one of the compiled points;
// anything else in the cache is reported once and tuned over.
#include "cache/ResultStore.h"

#include "cache/CacheDirectory.h"
#include "cache/CacheFile.h"
#include "cache/CacheIdentity.h"
#include "cache/ShippedResults.h"
#include "support/Environment.h"
#include "support/TextFormat.h"
#include "support/Version.h"
#include "tune/TuningLog.h"

#include <nlohmann/json.hpp>

#include <atomic>
#include <cstdio>
#include <ctime>
#include <mutex>
#include <set>

namespace autotune {
namespace {

// The text as a cache file stores it: bytes that are not UTF-8 become
// U+FFFD there, so the identity read back is compared with the same text.
std::string text(const char *S) {
  using nlohmann::json;
  std::string Raw = S ? S : "";
  return json::parse(
             json(Raw).dump(-1, ' ', false, json::error_handler_t::replace))
      .get<std::string>();
}

// Everything that decides whether an entry applies; also names its file.
CacheEntry identityOf(const SiteInfo &Info, const DeviceIdentity &Device,
                      const long long *Key, unsigned KeyCount) {
  CacheEntry E;
  E.Site = siteLabel(Info);
  E.Name = text(Info.Name);
  E.Function = text(Info.Function);
  E.Context = siteContext(Info);
  E.File = text(Info.File);
  E.Line = Info.Line;
  E.Fingerprint = Info.Fingerprint;
  E.Pragma = text(Info.PragmaText);
  E.Statement = text(Info.StatementText);
  for (unsigned P = 0; P < Info.NumParams; ++P)
    E.Params.push_back(text(Info.ParamNames[P]));
  E.DeviceModel = text(Device.Model.c_str());
  E.Driver = Device.Driver;
  E.Runtime = Device.Runtime;
  E.Key.assign(Key, Key + KeyCount);
  // Only a value above INT64_MAX reads differently as unsigned; so the
  // flags are those an entry read back gets.
  for (unsigned I = 0; I < KeyCount; ++I)
    E.KeyUnsigned.push_back(Info.KeyUnsigned && Info.KeyUnsigned[I] &&
                            Key[I] < 0);
  return E;
}

std::vector<long long> pointValues(const SiteInfo &Info, unsigned Point) {
  const long long *Row = Info.Points + std::size_t(Point) * Info.NumParams;
  return std::vector<long long>(Row, Row + Info.NumParams);
}

// The index of the compiled point with these values, or -1.
long findPoint(const SiteInfo &Info, const std::vector<long long> &Values) {
  if (Values.size() != Info.NumParams)
    return -1;
  for (unsigned I = 0; I < Info.NumPoints; ++I)
    if (pointValues(Info, I) == Values)
      return static_cast<long>(I);
  return -1;
}

// Empty when Found is the entry Wanted describes, else what differs. The
// driver and runtime versions are compared by the caller: an entry of other
// versions is used unless AUTOTUNE_STRICT=1.
std::string identityDifference(const CacheEntry &Wanted,
                               const CacheEntry &Found) {
  if (Found.Name != Wanted.Name || Found.Function != Wanted.Function ||
      Found.Context != Wanted.Context)
    return "another site";
  if (Found.Fingerprint != Wanted.Fingerprint ||
      Found.Pragma != Wanted.Pragma || Found.Statement != Wanted.Statement ||
      Found.Params != Wanted.Params)
    return "another version of the site";
  if (Found.DeviceModel != Wanted.DeviceModel)
    return "another device";
  if (!sameKey(Found, Wanted))
    return "another key";
  return std::string();
}

bool otherVersions(const CacheEntry &Wanted, const CacheEntry &Found) {
  return Found.Driver != Wanted.Driver || Found.Runtime != Wanted.Runtime;
}

// Empty when Found may be used where Wanted is asked for (any key, when
// AnyKey), else what differs. Other driver or runtime versions are used
// unless AUTOTUNE_STRICT=1.
std::string mismatch(const CacheEntry &Wanted, const CacheEntry &Found,
                     bool AnyKey) {
  std::string Difference = identityDifference(Wanted, Found);
  if (AnyKey && Difference == "another key")
    Difference.clear();
  if (Difference.empty() && environment().Strict &&
      otherVersions(Wanted, Found))
    Difference = "another driver or runtime version (AUTOTUNE_STRICT=1)";
  return Difference;
}

std::string utcNow() {
  std::time_t Now = std::time(nullptr);
  std::tm Utc;
  char Buffer[32];
  if (!gmtime_r(&Now, &Utc) ||
      !std::strftime(Buffer, sizeof Buffer, "%Y-%m-%dT%H:%M:%SZ", &Utc))
    return std::string();
  return Buffer;
}

class DiskCache final : public ResultStore {
public:
  bool lookup(const SiteInfo &Info, const DeviceIdentity &Device,
              const long long *Key, unsigned KeyCount,
              StoredResult &Result) override {
    return resultFor(Info, Device, Key, KeyCount, true, Result);
  }

  TuningTurn awaitTurn(const SiteInfo &Info, const DeviceIdentity &Device,
                       const long long *Key, unsigned KeyCount,
                       TuningLease &Lease, StoredResult &Result) override {
    const Environment &Env = environment();
    std::string Problem;
    // Only a process that stores its result makes others wait for it. A
    // directory that cannot be made or written is said once, by store().
    if (Env.Cache != CacheMode::On || Env.CacheDir.empty() ||
        !makeCacheDirectory(Env.CacheDir, Problem))
      return TuningTurn::ThisProcess;
    std::string Name = cacheFileName(identityOf(Info, Device, Key, KeyCount));
    std::string Path = joinPath(Env.CacheDir, Name);
    // AUTOTUNE_RETUNE=1: only a result stored from now on is new enough.
    std::string Before = Env.Retune ? fileStamp(Path) : std::string();
    LeaseRequest Request;
    Request.Dir = Env.CacheDir;
    Request.EntryName = Name;
    Request.Seconds = Env.LeaseSeconds;
    Request.MaxWait = Env.LeaseSeconds * Environment::MaxWaitLeases;
    Request.Where = describeTuning(Info, Key, KeyCount, Device.Model);
    Request.LogLevel = Env.LogLevel;
    Request.Arrived = [&] {
      return (!Env.Retune || fileStamp(Path) != Before) &&
             resultFor(Info, Device, Key, KeyCount, false, Result);
    };
    return Lease.take(Request);
  }

  void storedKeys(const SiteInfo &Info, const DeviceIdentity &Device,
                  std::vector<KeyedWinner> &Found) override {
    CacheEntry Wanted = identityOf(Info, Device, nullptr, 0);
    auto Add = [&](const CacheEntry &Entry) {
      if (Entry.Unfinished || !mismatch(Wanted, Entry, true).empty())
        return;
      long Winner = findPoint(Info, Entry.Winner);
      if (Winner >= 0)
        Found.push_back({Entry.Key, static_cast<unsigned>(Winner)});
    };
    const Environment &Env = environment();
    std::vector<std::string> Names;
    std::string Problem;
    if (!Env.CacheDir.empty() &&
        isTrustedCacheDirectory(Env.CacheDir, Problem) &&
        listCacheFiles(Env.CacheDir, Names, Problem))
      for (const std::string &Name : Names) {
        CacheEntry Entry;
        if (readCacheFile(joinPath(Env.CacheDir, Name), Entry, Problem) ==
            ReadStatus::Ok)
          Add(Entry);
      }
    for (const ShippedEntry &Shipped : shippedResults().all())
      Add(Shipped.Entry);
  }

  void store(const SiteInfo &Info, const DeviceIdentity &Device,
             const long long *Key, unsigned KeyCount,
             const TuningRecord &Record) override {
    // Nothing ran: a transient failure (out of memory) must not become the
    // answer of every later run.
    if (Record.AllFailed || Record.FatalError || !Record.NotTuned.empty() ||
        Record.Winner >= Info.NumPoints ||
        Record.Variants.size() != Info.NumPoints)
      return;
    const Environment &Env = environment();
    if (!haveDirectory(Env))
      return;
    if (Record.Unfinished) {
      // Runs so far matter only for the result they lead to: a result
      // another process stored meanwhile is kept.
      CacheEntry Wanted = identityOf(Info, Device, Key, KeyCount), Found;
      std::string From;
      if (fromCache(Env, Info, Wanted, cacheFileName(Wanted), Found, From) >= 0)
        return;
    }
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (Unwritable.count(Env.CacheDir) || Untrusted.count(Env.CacheDir))
        return;
    }
    CacheEntry E = identityOf(Info, Device, Key, KeyCount);
    E.Unfinished = Record.Unfinished;
    E.UnfinishedCalls = Record.Unfinished ? Record.OnlineCalls : 0;
    E.Winner = pointValues(Info, Record.Winner);
    E.Default = pointValues(Info, Record.DefaultPoint);
    if (Record.Unfinished)
      E.SpeedUp = -1; // no winner yet
    else if (Record.Winner == Record.DefaultPoint)
      E.SpeedUp = 1;
    else if (Record.speedUp() > 0)
      E.SpeedUp = Record.speedUp();
    if (Record.TieBand > 0) {
      E.Fastest = pointValues(Info, Record.Fastest);
      E.TieBand = Record.TieBand;
      E.MinGain = Record.MinGain;
    }
    for (unsigned I = 0; I < Info.NumPoints; ++I) {
      const VariantRecord &V = Record.Variants[I];
      CachedVariant Out;
      Out.Point = pointValues(Info, I);
      Out.Status = statusName(V.Status);
      Out.Median = V.Samples.empty() ? -1 : V.Median;
      Out.Best = V.Samples.empty() ? -1 : V.Best;
      Out.Samples = V.Samples;
      Out.WarmUp = V.WarmUp;
      Out.Problem = V.Problem;
      E.Variants.push_back(std::move(Out));
    }
    E.TunedAt = utcNow();
    E.TunedBy = autotune::versionText();
    E.TuningSeconds = Record.Seconds;
    for (const BufferExtent &X : Record.Extents)
      E.Extents.push_back({text(X.Clause.c_str()), X.Count});

    std::string Text = serializeCacheEntry(E);
    std::string Problem;
    if (Text.empty())
      Problem = "the entry is larger than " +
                std::to_string(MaxCacheFileBytes) + " bytes";
    else if (writeCacheFile(Env.CacheDir, cacheFileName(E), Text, Problem)) {
      std::lock_guard<std::mutex> Lock(Mutex);
      Reported.erase(joinPath(Env.CacheDir, cacheFileName(E)));
      return;
    }
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Text.empty())
      logLine("warning: " + describeTuning(Info, Key, KeyCount, Device.Model) +
              ": not cached: " + Problem);
    else if (Unwritable.insert(Env.CacheDir).second)
      logLine("warning: cannot write the tuning cache (" + Problem +
              "); results of this process are not saved");
  }

  bool unfinishedRace(const SiteInfo &Info, const DeviceIdentity &Device,
                      const long long *Key, unsigned KeyCount,
                      TuningRecord &Race) override {
    const Environment &Env = environment();
    std::string Problem;
    if (Env.CacheDir.empty() || !trusted(Env, Problem))
      return false;
    CacheEntry Wanted = identityOf(Info, Device, Key, KeyCount);
    std::string Path = joinPath(Env.CacheDir, cacheFileName(Wanted));
    CacheEntry Found;
    // A file that is not a usable entry, or an entry of another version of
    // the site, is warned about by lookup(), which reads it first.
    if (readCacheFile(Path, Found, Problem) != ReadStatus::Ok ||
        !Found.Unfinished || !mismatch(Wanted, Found, false).empty() ||
        Found.Variants.size() != Info.NumPoints)
      return false;
    Race = TuningRecord();
    Race.Variants.resize(Info.NumPoints);
    Race.DefaultPoint = Info.DefaultPoint;
    Race.Unfinished = true;
    Race.OnlineCalls = Found.UnfinishedCalls;
    Race.Seconds = Found.TuningSeconds;
    for (const CachedVariant &V : Found.Variants) {
      long I = findPoint(Info, V.Point);
      VariantStatus Status;
      // The entry's samples without their warm-up cannot be replayed as
      // runs: the race starts over.
      if (I < 0 || !statusNamed(V.Status, Status) ||
          (V.WarmUp < 0 && !V.Samples.empty()))
        return false;
      VariantRecord &Out = Race.Variants[static_cast<std::size_t>(I)];
      Out.Status = Status;
      Out.WarmUp = V.WarmUp;
      Out.Samples = V.Samples;
      Out.Problem = V.Problem;
    }
    return true;
  }

  // The once-per-process warnings, given again after this (tests only).
  void forgetReports() {
    std::lock_guard<std::mutex> Lock(Mutex);
    Unwritable.clear();
    Untrusted.clear();
    Reported.clear();
    Noted.clear();
    NoDirectoryReported.store(false);
  }

private:
  // The result the cache holds for the key (and, when AlsoShipped, the
  // results AUTOTUNE_RESULTS ships), noted in the log as lookup() says.
  bool resultFor(const SiteInfo &Info, const DeviceIdentity &Device,
                 const long long *Key, unsigned KeyCount, bool AlsoShipped,
                 StoredResult &Result) {
    const Environment &Env = environment();
    CacheEntry Wanted = identityOf(Info, Device, Key, KeyCount);
    std::string Name = cacheFileName(Wanted);
    CacheEntry Found;
    std::string From;
    long Winner = fromCache(Env, Info, Wanted, Name, Found, From);
    if (Winner < 0 && AlsoShipped)
      Winner = fromShipped(Info, Wanted, Name, Found, From);
    if (Winner < 0)
      return false;
    unsigned Point = static_cast<unsigned>(Winner);
    if (otherVersions(Wanted, Found))
      noteOtherVersions(Info, Key, KeyCount, Device, Found, From);
    Result.Point = Point;
    Result.Extents.clear();
    for (const CachedExtent &X : Found.Extents)
      Result.Extents.push_back({X.Clause, X.Count});
    if (Env.LogLevel >= 2) {
      std::string Line = describeTuning(Info, Key, KeyCount, Device.Model) +
                         ": cached winner " + formatPoint(Info, Point);
      if (Point == Info.DefaultPoint)
        Line += " (the default point)";
      else if (Found.SpeedUp > 0)
        Line += ", " + fasterThanDefault(Found.SpeedUp,
                                         formatPoint(Info, Info.DefaultPoint));
      logLine(Line + ", tuned " + Found.TunedAt + ", from " + From);
    }
    return true;
  }

  // The index of the compiled point the user's cache has for Wanted (file
  // Name), or -1; a file that is there and cannot be used is warned about.
  long fromCache(const Environment &Env, const SiteInfo &Info,
                 const CacheEntry &Wanted, const std::string &Name,
                 CacheEntry &Found, std::string &From) {
    std::string Problem;
    if (!haveDirectory(Env) || !trusted(Env, Problem))
      return -1;
    From = joinPath(Env.CacheDir, Name);
    switch (readCacheFile(From, Found, Problem)) {
    case ReadStatus::Missing:
      return -1;
    case ReadStatus::Invalid:
      ignoring(From, Problem);
      return -1;
    case ReadStatus::Ok:
      break;
    }
    // An unfinished race of this entry holds no result (unfinishedRace()
    // continues it); one of another version of the site is warned about.
    if (Found.Unfinished && mismatch(Wanted, Found, false).empty())
      return -1;
    return usableWinner(Info, Wanted, Found, From);
  }

  // The same from the results AUTOTUNE_RESULTS ships; From names the file
  // the entry came from.
  long fromShipped(const SiteInfo &Info, const CacheEntry &Wanted,
                   const std::string &Name, CacheEntry &Found,
                   std::string &From) {
    const ShippedEntry *Shipped = shippedResults().find(Name);
    if (!Shipped || Shipped->Entry.Unfinished)
      return -1;
    Found = Shipped->Entry;
    From = Shipped->From + " (AUTOTUNE_RESULTS)";
    return usableWinner(Info, Wanted, Found, From);
  }

  // Found's winner as a compiled point's index, or -1 (warned about, as
  // from From) when Found is not Wanted's entry or its winner is not a
  // compiled point.
  long usableWinner(const SiteInfo &Info, const CacheEntry &Wanted,
                    const CacheEntry &Found, const std::string &From) {
    std::string Difference = mismatch(Wanted, Found, false);
    if (!Difference.empty()) {
      ignoring(From, "it holds the result of " + Difference);
      return -1;
    }
    long Winner = findPoint(Info, Found.Winner);
    if (Winner < 0)
      ignoring(From, "its winner " + formatCachedPoint(Found, Found.Winner) +
                         " is not a point of the compiled space");
    return Winner;
  }

  bool haveDirectory(const Environment &Env) {
    if (!Env.CacheDir.empty())
      return true;
    if (!NoDirectoryReported.exchange(true))
      logLine("warning: no tuning cache: set AUTOTUNE_CACHE_DIR (or HOME); "
              "results of this process are not saved");
    return false;
  }

  // A directory of someone else (docs/cache.md, "Whose directory") is
  // neither read nor written; said once, as for an unwritable one.
  bool trusted(const Environment &Env, std::string &Problem) {
    if (isTrustedCacheDirectory(Env.CacheDir, Problem))
      return true;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (Untrusted.insert(Env.CacheDir).second)
      logLine("warning: not using the tuning cache: " + Problem +
              "; results of this process are not saved");
    return false;
  }

  // The note of an entry tuned under other driver or runtime versions, once
  // per file and process, at AUTOTUNE_LOG=1.
  void noteOtherVersions(const SiteInfo &Info, const long long *Key,
                         unsigned KeyCount, const DeviceIdentity &Device,
                         const CacheEntry &Found, const std::string &Path) {
    if (environment().LogLevel < 1)
      return;
    {
      std::lock_guard<std::mutex> Lock(Mutex);
      if (!Noted.insert(Path).second)
        return;
    }
    logLine(
        describeTuning(Info, Key, KeyCount, Device.Model) +
        ": using the result tuned under driver " + versionText(Found.Driver) +
        ", runtime " + versionText(Found.Runtime) + " (this process: driver " +
        versionText(Device.Driver) + ", runtime " +
        versionText(Device.Runtime) + "); AUTOTUNE_STRICT=1 tunes it again");
  }

  static std::string versionText(const std::string &Version) {
    return Version.empty() ? "-" : Version;
  }

  // Once per file and process: a call met during stream capture looks the
  // cache up again on every call.
  void ignoring(const std::string &Path, const std::string &Problem) {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Reported.insert(Path).second)
      return;
    logLine("warning: ignoring cache file " + Path + ": " + Problem +
            "; tuning again");
  }

  std::mutex Mutex;
  std::set<std::string> Unwritable; // directories a write failed in
  std::set<std::string> Untrusted;  // directories of someone else
  std::set<std::string> Reported;   // files ignored, with a warning
  std::set<std::string> Noted;      // files of other versions, used
  std::atomic<bool> NoDirectoryReported{false};
};

std::atomic<ResultStore *> Replacement{nullptr};

DiskCache &diskCache() {
  // Never destroyed: threads may still tune while the program exits.
  static DiskCache *Store = new DiskCache;
  return *Store;
}

} // namespace

ResultStore::~ResultStore() = default;

ResultStore &resultStore() {
  if (ResultStore *Store = Replacement.load(std::memory_order_acquire))
    return *Store;
  return diskCache();
}

std::string cacheFilePath(const std::string &Dir, const SiteInfo &Info,
                          const DeviceIdentity &Device, const long long *Key,
                          unsigned KeyCount) {
  return joinPath(Dir, cacheFileName(identityOf(Info, Device, Key, KeyCount)));
}

namespace testing {
void setResultStore(ResultStore *Store) {
  Replacement.store(Store, std::memory_order_release);
}

void forgetCacheWarnings() { diskCache().forgetReports(); }
} // namespace testing

} // namespace autotune
