// The registry of sites and the slow path of Site::run: look the call up (in
// the site's table, then the persistent cache), tune it when nothing is known,
// record the result, launch.
#include "site/SiteState.h"

#include "cache/CacheIdentity.h"
#include "cache/ResultStore.h"
#include "fleet/TuningGroup.h"
#include "site/DeviceModels.h"
#include "support/Environment.h"
#include "support/TextFormat.h"
#include "tune/OnlineTuning.h"
#include "tune/SpaceSearch.h"
#include "tune/Tuner.h"
#include "tune/TuningLog.h"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>
#include <vector>

namespace autotune {
namespace {

std::mutex RegistryMutex;
// Never destroyed: a site may run from another object's static destructor,
// and its Site still points at its state and at a decided entry.
std::vector<std::unique_ptr<SiteState>> &registry() {
  static auto *Sites = new std::vector<std::unique_ptr<SiteState>>;
  return *Sites;
}

// The variants the plugin emitted disagree with the SiteInfo it emitted: a
// plugin bug, reported once per process rather than once per call.
bool consistent(const SiteInfo &Info, const Variants &V) {
  return V.Count == Info.NumPoints && Info.DefaultPoint < V.Count;
}

void rememberCounts(TunedEntry &E, const std::vector<BufferExtent> &Extents) {
  std::vector<long long> Counts;
  for (const BufferExtent &X : Extents)
    Counts.push_back(X.Count);
  E.setTunedCounts(std::move(Counts));
}

// The group's winner for a tuning this process measured a share of: every
// member runs (and stores) the same point, also a member whose own
// measurement could not be made (its log says so); only a fatal error, after
// which the device refuses everything, keeps the default point here.
void agreeWithGroup(TuningGroup &Group, const SiteInfo &Info,
                    const GroupPlan &Plan, TuningRecord &Record) {
  std::vector<PointTimes> Times(Info.NumPoints);
  MeasurementPolicy Policy = policyFor(Info, environment());
  std::vector<PointTimes> Own = pointTimes(Record.Variants, Policy);
  const PointTimes &Reference = Own[Info.DefaultPoint];
  if (Record.NotTuned.empty() && !Record.FatalError && Reference.Best > 0)
    for (unsigned I = 0; I < Info.NumPoints; ++I) {
      if (Own[I].Best < 0)
        continue;
      Times[I].Best = Own[I].Best / Reference.Best;
      Times[I].Median = Own[I].Median > 0 ? Own[I].Median / Reference.Best : -1;
    }
  Group.agree(Info, Times);
  Record.GroupMembers = Plan.Members;
  Record.GroupTimes = Times;
  if (Record.FatalError)
    return;
  Decision C = choosePoint(Times, Info.DefaultPoint, Policy);
  Record.Winner = C.Winner;
  Record.Fastest = C.Fastest;
  Record.TieBand = C.Band;
  Record.MinGain = Policy.MinGain;
  // Nothing usable anywhere: the default point, as a failure (not stored).
  Record.AllFailed = Times[C.Winner].Best < 0;
}

} // namespace

SiteState &SiteState::of(Site &S) {
  std::atomic<SiteState *> &State = stateOf(S);
  if (SiteState *Existing = State.load(std::memory_order_acquire))
    return *Existing;
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  if (SiteState *Existing = State.load(std::memory_order_relaxed))
    return *Existing;
  registry().push_back(std::make_unique<SiteState>());
  State.store(registry().back().get(), std::memory_order_release);
  return *registry().back();
}

void SiteState::publish(TunedEntry &E, int Winner) {
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    E.Winner.store(Winner, std::memory_order_release);
  }
  Tuned.notify_all();
}

// The least time between two entries a Site remembers (mayRemember).
constexpr std::int64_t DefaultRememberInterval = 1000000; // ns
static std::atomic<std::int64_t> RememberInterval{DefaultRememberInterval};

// Whether the warning of a site whose variants do not match its points was
// given; once per process, again after forgetAll().
static std::atomic<bool> MismatchReported{false};

void SiteState::forgetAll() {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  MismatchReported.store(false);
  RememberInterval.store(DefaultRememberInterval);
  for (std::unique_ptr<SiteState> &S : registry()) {
    std::lock_guard<std::mutex> SiteLock(S->Mutex);
    S->Entries.clear();
    S->NearestNoted.clear();
    S->StoredKeys.clear();
    S->Info.store(nullptr);
    S->LastBackend.store(nullptr);
    S->ExtentChangeReported.store(false, std::memory_order_relaxed);
    S->LastRemembered.store(0, std::memory_order_relaxed);
    S->BlockingNoted.store(false, std::memory_order_relaxed);
  }
}

std::vector<SiteState *> SiteState::named(const std::string &Site) {
  std::lock_guard<std::mutex> Lock(RegistryMutex);
  std::vector<SiteState *> ByLabel, ByName;
  for (std::unique_ptr<SiteState> &S : registry()) {
    const SiteInfo *Info = S->Info.load(std::memory_order_acquire);
    if (!Info)
      continue;
    if (siteLabel(*Info) == Site)
      ByLabel.push_back(S.get());
    else if (Info->Name && Site == Info->Name)
      ByName.push_back(S.get());
  }
  return ByLabel.empty() ? ByName : ByLabel;
}

void testing::setRememberInterval(std::chrono::nanoseconds Interval) {
  RememberInterval.store(Interval.count());
}

bool SiteState::mayRemember() {
  std::int64_t Now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                         std::chrono::steady_clock::now().time_since_epoch())
                         .count();
  std::int64_t Last = LastRemembered.load(std::memory_order_relaxed);
  if (Last != 0 &&
      Now - Last < RememberInterval.load(std::memory_order_relaxed))
    return false;
  return LastRemembered.compare_exchange_strong(Last, Now,
                                                std::memory_order_relaxed);
}

void SiteState::reportExtentChange(const SiteInfo &Info, const TunedEntry &E,
                                   const CallArgs &Args) {
  if (ExtentChangeReported.exchange(true))
    return;
  std::string Text = describeExtentChange(siteLabel(Info), E.TunedCounts, Args);
  if (!Text.empty())
    logLine(Text);
}

SiteState::LookUp SiteState::lookUp(const SiteInfo &Info, Backend &B,
                                    const CallArgs &Args, int Model) {
  Query Call{Info, B, Args, Model, hashKey(Model, Args.Key, Args.KeyCount)};
  std::unique_lock<std::mutex> Lock(Mutex, std::defer_lock);
  if (std::optional<LookUp> Found = fromMemory(Call, Lock))
    return *Found;

  // The persistent cache, read under the site's lock (fromMemory took it)
  // so that one thread reads it and the others find its answer in the
  // table.
  StoredResult Stored;
  bool HaveStored = readStored(Info, Args.Key, Args.KeyCount, Model, Stored);
  bool CachedOnly = environment().CachedOnly;
  TuningGroup *Group = Call.Capturing || CachedOnly ? nullptr : tuningGroup();
  if (HaveStored && !Group)
    return fromStore(Call, Stored);
  if (Call.Capturing || CachedOnly)
    return withoutTuning(Call);

  LookUp Started = startTuning(Call, Group, HaveStored);
  if (!Group || !Started.MustTune)
    return Started;
  Lock.unlock();
  return askGroup(Call, *Started.Entry, *Group, Stored, HaveStored);
}

SiteState::LookUp SiteState::race(const Query &Call, TunedEntry &E) {
  if (Call.Capturing && Call.B.deviceLost().empty())
    return LookUp{nullptr, E.Online->bestSoFar()};
  LookUp Found{&E};
  Found.Racing = true;
  return Found;
}

std::optional<SiteState::LookUp>
SiteState::fromMemory(Query &Call, std::unique_lock<std::mutex> &Lock) {
  const CallArgs &Args = Call.Args;
  TunedEntry *Known =
      Entries.find(Call.Hash, Call.Model, Args.Key, Args.KeyCount);
  int KnownWinner = Known ? Known->Winner.load(std::memory_order_acquire)
                          : TunedEntry::Tuning;
  if (KnownWinner >= 0)
    return LookUp{Known, static_cast<unsigned>(KnownWinner)};
  // Stream capture: no tuning, no waiting for another thread's tuning, and
  // nothing recorded; an earlier result (in memory or in the persistent
  // cache) or the default point, which is always a valid choice. Online,
  // the race's best so far.
  Call.Capturing = Call.B.mustNotTune(Args.Stream);
  // An entry is racing from its insertion on, until its race ends.
  if (KnownWinner == TunedEntry::Racing)
    return race(Call, *Known);

  Lock.lock();
  TunedEntry *E = Entries.find(Call.Hash, Call.Model, Args.Key, Args.KeyCount);
  if (!E)
    return std::nullopt;
  int Winner = E->Winner.load(std::memory_order_acquire);
  if (Winner == TunedEntry::Racing)
    return race(Call, *E);
  if (Winner < 0) {
    // A variant being tuned reached its own site again (recursion, or a
    // nested call): waiting would deadlock, the default point is safe.
    if (Call.Capturing || (Winner == TunedEntry::Tuning &&
                           E->TunerThread == std::this_thread::get_id()))
      return LookUp{nullptr, Call.Info.DefaultPoint};
    // Another process was still tuning it when this one stopped waiting:
    // this thread looks again.
    if (Winner == TunedEntry::Unknown) {
      E->TunerThread = std::this_thread::get_id();
      E->Winner.store(TunedEntry::Tuning, std::memory_order_relaxed);
      return LookUp{E, Call.Info.DefaultPoint, true};
    }
    // Bounded: the caller may be a thread that the variant being measured
    // started and waits for; after a second, the default point is the
    // safe answer.
    bool Done = Tuned.wait_for(Lock, std::chrono::seconds(1), [E] {
      return E->Winner.load(std::memory_order_acquire) != TunedEntry::Tuning;
    });
    if (!Done || E->Winner.load(std::memory_order_acquire) < 0)
      return LookUp{nullptr, Call.Info.DefaultPoint};
  }
  return LookUp{
      E, static_cast<unsigned>(E->Winner.load(std::memory_order_acquire))};
}

SiteState::LookUp SiteState::fromStore(const Query &Call,
                                       const StoredResult &Stored) {
  auto Entry = std::make_unique<TunedEntry>(Call.Model, Call.Args.Key,
                                            Call.Args.KeyCount, Call.Hash);
  enterStored(*Entry, Stored, Call.Args);
  Entry->Winner.store(static_cast<int>(Stored.Point),
                      std::memory_order_relaxed);
  return {Entries.insert(std::move(Entry)), Stored.Point};
}

SiteState::LookUp SiteState::withoutTuning(const Query &Call) {
  const SiteInfo &Info = Call.Info;
  const CallArgs &Args = Call.Args;
  // An online race an earlier run left unfinished: its best so far is
  // a point that ran, and this key's, during capture only (AUTOTUNE=cached
  // keeps a decision).
  TuningRecord Saved;
  if (Call.Capturing &&
      readUnfinished(Info, Args.Key, Args.KeyCount, Call.Model, Saved))
    return {
        nullptr,
        OnlineTuning(Info, Call.B.timesIncludeOtherWork(), &Saved).bestSoFar()};
  int Near = nearestWinner(Info, Args, Call.Model, Call.Capturing);
  unsigned Point = Near < 0 ? Info.DefaultPoint : static_cast<unsigned>(Near);
  if (Call.Capturing)
    return {nullptr, Point};
  // AUTOTUNE=cached never tunes in this process: the borrowed point (the
  // nearest key's winner, else the default point) is the key's answer
  // from now on, so that its later calls take the hot path. Its counts
  // are unknown: no extent check.
  auto Entry = std::make_unique<TunedEntry>(Call.Model, Args.Key, Args.KeyCount,
                                            Call.Hash);
  Entry->Winner.store(static_cast<int>(Point), std::memory_order_relaxed);
  Entry->Borrowed = true;
  return {Entries.insert(std::move(Entry)), Point};
}

SiteState::LookUp SiteState::startTuning(const Query &Call, TuningGroup *Group,
                                         bool HaveStored) {
  const SiteInfo &Info = Call.Info;
  const CallArgs &Args = Call.Args;
  // Nothing known, or a group to ask: this thread tunes, or asks. The entry
  // tells the others to wait; tuning, and the group's exchange, run
  // unlocked, so that other keys of this site may tune meanwhile and a
  // variant may itself reach other sites.
  auto Entry = std::make_unique<TunedEntry>(Call.Model, Args.Key, Args.KeyCount,
                                            Call.Hash);
  // A group with a stored result tunes nothing: nothing to say about it.
  if (!(Group && HaveStored) && tunesOnline(Info, Args, Group != nullptr)) {
    // Online before it is visible: a reader that sees Racing finds it. A
    // race an earlier run of the program left unfinished goes on from its
    // runs.
    TuningRecord Saved;
    bool Continues =
        readUnfinished(Info, Args.Key, Args.KeyCount, Call.Model, Saved);
    if (Continues)
      noteContinued(Info, Args, Call.Model, Saved);
    Entry->Online = std::make_unique<OnlineTuning>(
        Info, Call.B.timesIncludeOtherWork(), Continues ? &Saved : nullptr);
    Entry->Winner.store(TunedEntry::Racing, std::memory_order_relaxed);
    return race(Call, *Entries.insert(std::move(Entry)));
  }
  Entry->TunerThread = std::this_thread::get_id();
  return {Entries.insert(std::move(Entry)), Info.DefaultPoint, true};
}

SiteState::LookUp SiteState::askGroup(const Query &Call, TunedEntry &E,
                                      TuningGroup &Group, StoredResult &Stored,
                                      bool HaveStored) {
  const SiteInfo &Info = Call.Info;
  const CallArgs &Args = Call.Args;
  // Processes tuning together agree on a stored result, or on a plan.
  GroupPlan Plan = Group.begin(
      Info, modelIdentity(Call.Model).Model, Args.Key, Args.KeyCount,
      HaveStored ? static_cast<int>(Stored.Point) : -1);
  if (Plan.What == GroupPlan::Stored && Plan.StoredPoint < Info.NumPoints) {
    if (!(HaveStored && Stored.Point == Plan.StoredPoint)) {
      Stored = StoredResult();
      Stored.Point = Plan.StoredPoint;
    }
    HaveStored = true;
  }
  if (HaveStored && Plan.What != GroupPlan::Tune) {
    enterStored(E, Stored, Args);
    publish(E, static_cast<int>(Stored.Point));
    return {&E, Stored.Point};
  }
  return {&E, Info.DefaultPoint, true, std::move(Plan), &Group};
}

// The one line, below AUTOTUNE_LOG=1, of Unfinished races open at exit, Kept
// of them in the cache.
static std::string openRacesLine(std::size_t Unfinished, std::size_t Kept) {
  bool One = Unfinished == 1;
  const char *Them = One ? "it" : "them";
  return std::to_string(Unfinished) +
         (One ? " online race was" : " online races were") +
         " still open at exit; " +
         (Kept == Unfinished ? std::string("the cache keeps the runs so far, "
                                           "the next run continues ") +
                                   Them
          : Kept == 0
              ? std::string("nothing was stored for ") + Them
              : std::to_string(Kept) + " kept in the cache to be continued") +
         " (AUTOTUNE_LOG=1 names " + Them + ")";
}

// At exit: the races still open. With AUTOTUNE_CACHE=on, each one's runs
// so far are stored as an unfinished entry, which the next run of the
// program continues (a race that the times still in flight end is stored
// as any result); else they are lost. One line at any log level, and one
// per race at AUTOTUNE_LOG=1.
static void keepOpenRaces() {
  struct OpenRace {
    const SiteInfo *Info;
    std::vector<long long> Key;
    int Model;
    std::string Line; // "... online race still open at exit (...)"
    TuningRecord Record;
    bool Kept = false;
  };
  std::vector<OpenRace> Open;
  {
    std::lock_guard<std::mutex> Lock(RegistryMutex);
    for (std::unique_ptr<SiteState> &S : registry()) {
      const SiteInfo *Info = S->Info.load(std::memory_order_acquire);
      if (!Info)
        continue;
      std::lock_guard<std::mutex> SiteLock(S->Mutex);
      S->Entries.forEach([&](const TunedEntry &E) {
        if (!E.Online ||
            E.Winner.load(std::memory_order_acquire) != TunedEntry::Racing)
          return;
        OpenRace Race{Info, E.keyValues(), E.Model};
        Race.Line = describeTuning(*Info, E.Key, E.KeyCount,
                                   modelIdentity(E.Model).Model) +
                    ": online race still open at exit (" +
                    E.Online->progress() + ")";
        if (E.Online->atExit(Race.Record))
          Open.push_back(std::move(Race));
      });
    }
  }
  const Environment &Env = environment();
  std::size_t Unfinished = 0, Kept = 0;
  for (OpenRace &Race : Open) {
    const TuningRecord &Record = Race.Record;
    DeviceIdentity Device = modelIdentity(Race.Model);
    if (!Record.Unfinished) {
      // Its last times were in: a result, logged and stored as any.
      logTuning(*Race.Info,
                describeTuning(*Race.Info, Race.Key.data(),
                               static_cast<unsigned>(Race.Key.size()),
                               Device.Model),
                Record, Env.LogLevel);
      if (Env.Cache == CacheMode::On && Record.NotTuned.empty() &&
          !Record.FatalError)
        resultStore().store(*Race.Info, Device, Race.Key.data(),
                            static_cast<unsigned>(Race.Key.size()), Record);
      continue;
    }
    ++Unfinished;
    if (Env.Cache != CacheMode::On ||
        Record.Runs.WarmUps + Record.Runs.Timed == 0)
      continue;
    resultStore().store(*Race.Info, Device, Race.Key.data(),
                        static_cast<unsigned>(Race.Key.size()), Record);
    Race.Kept = true;
    ++Kept;
  }
  if (Unfinished == 0)
    return;
  if (Env.LogLevel >= 1) {
    for (const OpenRace &Race : Open)
      if (Race.Record.Unfinished)
        logLine(Race.Line +
                (Race.Kept ? "; its runs so far are kept in the cache, the "
                             "next run continues it"
                           : "; nothing stored, the next run races again"));
    return;
  }
  logLine(openRacesLine(Unfinished, Kept));
}

bool SiteState::readUnfinished(const SiteInfo &Info, const long long *Key,
                               unsigned KeyCount, int Model,
                               TuningRecord &Saved) {
  const Environment &Env = environment();
  return !Env.Retune && Env.Cache != CacheMode::Off &&
         resultStore().unfinishedRace(Info, modelIdentity(Model), Key, KeyCount,
                                      Saved);
}

void SiteState::noteContinued(const SiteInfo &Info, const CallArgs &Args,
                              int Model, const TuningRecord &Saved) {
  if (environment().LogLevel < 1)
    return;
  unsigned Points = 0, Runs = 0;
  for (const VariantRecord &V : Saved.Variants) {
    Points += V.runs() > 0 || V.Status == VariantStatus::LaunchFailed;
    Runs += static_cast<unsigned>(V.runs());
  }
  logLine(describeTuning(Info, Args.Key, Args.KeyCount,
                         modelIdentity(Model).Model) +
          ": continuing the online race an earlier run left unfinished, from " +
          std::to_string(Runs) + (Runs == 1 ? " run" : " runs") + " of " +
          std::to_string(Points) + " of " +
          std::to_string(Saved.Variants.size()) + " points (" +
          std::to_string(Saved.OnlineCalls) +
          (Saved.OnlineCalls == 1 ? " call" : " calls") + " so far)");
}

bool SiteState::tunesOnline(const SiteInfo &Info, const CallArgs &Args,
                            bool InGroup) {
  const Environment &Env = environment();
  if (Env.Mode.value_or(Info.Mode) != TuningMode::Online)
    return false;
  if (insideTuneNow())
    return false; // the winner is asked for now; nothing to say
  const char *Why = nullptr;
  if (Args.VerifyCount > 0)
    Why = "verify(...) compares every variant's output with the default "
          "point's on one call";
  else if (searchesWithBudget(Info))
    Why = "budget(n) searches the space one measurement after another";
  else if (InGroup)
    Why = "the processes tuning together agree on one call";
  if (!Why) {
    static std::once_flag ReportAtExit;
    std::call_once(ReportAtExit, [] { std::atexit(keepOpenRaces); });
    return true;
  }
  if (!BlockingNoted.exchange(true))
    logLine(siteLabel(Info) + ": tuned on its first call, not online: " + Why +
            " (docs/runtime.md, \"Online tuning\")");
  return false;
}

void SiteState::runOnline(TunedEntry &E, const SiteInfo &Info, Backend &B,
                          const Variants &V, const CallArgs &Args) {
  TuningRecord Record;
  bool Ended;
  try {
    Ended = E.Online->run(B, V, Args, Record);
  } catch (...) {
    // The statement threw, and the race may have ended with it: a host
    // statement that throws fails its point, and the default point the
    // call runs instead throws too where every point does. The race is
    // recorded (its calls take the hot path from now on), then the program
    // gets the exception.
    if (E.Online->ended(Record)) {
      Record.Extents = bufferExtents(Args);
      record(E, Info, Args, Record);
    }
    throw;
  }
  if (!Ended)
    return;
  Record.Extents = bufferExtents(Args);
  record(E, Info, Args, Record);
}

int SiteState::nearestWinner(const SiteInfo &Info, const CallArgs &Args,
                             int Model, bool Capturing) {
  if (Args.KeyCount == 0)
    return -1;
  std::vector<KeyedWinner> Tuned;
  Entries.forEach([&](const TunedEntry &E) {
    int Winner = E.Winner.load(std::memory_order_acquire);
    if (E.Model == Model && Winner >= 0 && !E.Borrowed)
      Tuned.push_back({E.keyValues(), static_cast<unsigned>(Winner)});
  });
  const Environment &Env = environment();
  auto [Stored, First] = StoredKeys.try_emplace(Model);
  if (First && !Env.Retune && Env.Cache != CacheMode::Off)
    resultStore().storedKeys(Info, modelIdentity(Model), Stored->second);
  Tuned.insert(Tuned.end(), Stored->second.begin(), Stored->second.end());
  const KeyedWinner *Near =
      nearestKey(Tuned, Args.Key, Args.KeyCount, Info.KeyUnsigned);
  if (!Near)
    return -1;
  std::vector<long long> Key(Args.Key, Args.Key + Args.KeyCount);
  if (Env.LogLevel >= 1 && NearestNoted.insert(Key).second)
    logLine(describeTuning(Info, Args.Key, Args.KeyCount,
                           modelIdentity(Model).Model) +
            ": not tuned (" +
            (Capturing ? "met during stream capture" : "AUTOTUNE=cached") +
            "); using the winner of the nearest tuned key " +
            formatKey(Near->Key.data(), Near->Key.size(), Info.KeyUnsigned) +
            ": " + formatPoint(Info, Near->Point));
  return static_cast<int>(Near->Point);
}

bool SiteState::readStored(const SiteInfo &Info, const long long *Key,
                           unsigned KeyCount, int Model, StoredResult &Stored) {
  const Environment &Env = environment();
  return !Env.Retune && Env.Cache != CacheMode::Off &&
         resultStore().lookup(Info, modelIdentity(Model), Key, KeyCount,
                              Stored) &&
         Stored.Point < Info.NumPoints;
}

void SiteState::enterStored(TunedEntry &E, const StoredResult &Stored,
                            const CallArgs &Args) {
  // Extents recorded for the same clauses: a file written before they
  // were recorded (or for other clauses) is not compared.
  std::vector<BufferExtent> Now = bufferExtents(Args);
  bool SameClauses = Stored.Extents.size() == Now.size();
  for (std::size_t I = 0; SameClauses && I < Now.size(); ++I)
    SameClauses = Stored.Extents[I].Clause == Now[I].Clause;
  if (SameClauses)
    rememberCounts(E, Stored.Extents);
}

TuningTurn SiteState::awaitTurn(TunedEntry &E, const SiteInfo &Info,
                                const CallArgs &Args, TuningLease &Lease) {
  StoredResult Stored;
  TuningTurn Turn = resultStore().awaitTurn(
      Info, modelIdentity(E.Model), Args.Key, Args.KeyCount, Lease, Stored);
  if (Turn == TuningTurn::ResultArrived && Stored.Point < Info.NumPoints) {
    enterStored(E, Stored, Args);
    publish(E, static_cast<int>(Stored.Point));
  } else if (Turn == TuningTurn::WaitExpired) {
    publish(E, TunedEntry::Unknown);
  } else {
    Turn = TuningTurn::ThisProcess;
  }
  return Turn;
}

void SiteState::record(TunedEntry &E, const SiteInfo &Info,
                       const CallArgs &Args, const TuningRecord &Record) {
  const Environment &Env = environment();
  DeviceIdentity Device = modelIdentity(E.Model);
  // Only a measured winner is compared with later calls' extents: a call
  // that could not be tuned was told why already.
  if (Record.NotTuned.empty())
    rememberCounts(E, Record.Extents);
  publish(E, static_cast<int>(Record.Winner));
  logTuning(Info, describeTuning(Info, Args.Key, Args.KeyCount, Device.Model),
            Record, Env.LogLevel);
  if (Env.Cache == CacheMode::On && Record.NotTuned.empty() &&
      !Record.FatalError)
    resultStore().store(Info, Device, Args.Key, Args.KeyCount, Record);
}

bool SiteState::tunesHere(TunedEntry &E, const SiteInfo &Info, Backend &B,
                          const Variants &V, const CallArgs &Args,
                          TuningLease &Lease) {
  TuningTurn Turn;
  try {
    Turn = awaitTurn(E, Info, Args, Lease);
  } catch (...) {
    // Callers waiting for this entry must not wait for ever.
    publish(E, TunedEntry::Unknown);
    throw;
  }
  switch (Turn) {
  case TuningTurn::ResultArrived:
    B.launch(V,
             static_cast<unsigned>(E.Winner.load(std::memory_order_relaxed)));
    return false;
  case TuningTurn::WaitExpired:
    B.launch(V, Info.DefaultPoint);
    return false;
  case TuningTurn::ThisProcess:
    break;
  }
  return true;
}

TuningRecord SiteState::tuneEntry(const LookUp &Found, bool Together,
                                  const SiteInfo &Info, Backend &B,
                                  const Variants &V, const CallArgs &Args,
                                  TuningLease &Lease) {
  try {
    // What this process measures: its share (and the reference), or what
    // budget(n) lets it search, or every point.
    unsigned Measured = Info.NumPoints;
    if (searchesWithBudget(Info) &&
        (!Together || Found.Plan.Share.size() + 1 >= Info.NumPoints))
      Measured = Info.Budget;
    else if (Together)
      Measured = static_cast<unsigned>(Found.Plan.Share.size()) + 1;
    int Model = Found.Entry->Model;
    TuningProgress Progress(
        [&Info, &Args, Model] {
          return describeTuning(Info, Args.Key, Args.KeyCount,
                                modelIdentity(Model).Model);
        },
        Info, Measured, environment().LogLevel);
    Progress.keepFresh(Lease);
    // In a function of its own: the tuner and its snapshots are gone before
    // runSlow's launch, so that the program's own launch is the last thing
    // the call does.
    Tuner Measuring(Info, B, V, Args, policyFor(Info, environment()),
                    &Progress);
    if (Together)
      Measuring.measureOnly(Found.Plan.Share);
    return Measuring.tune();
  } catch (...) {
    // A variant threw past the backend: callers waiting for this entry
    // must not wait forever, nor the other processes of a group, and the
    // program gets its exception (the lease goes with it: other processes
    // tune the key).
    if (Together) {
      std::vector<PointTimes> Nothing(Info.NumPoints);
      Found.Group->agree(Info, Nothing);
    }
    publish(*Found.Entry, static_cast<int>(Info.DefaultPoint));
    throw;
  }
}

void SiteState::runSlow(Site &TheSite, Backend &B, const Variants &V,
                        const CallArgs &Args) {
  const SiteInfo &Info = TheSite.info();
  if (V.Count == 0)
    return;
  if (!consistent(Info, V)) {
    if (!MismatchReported.exchange(true))
      logLine(std::string("warning: ") + (Info.Name ? Info.Name : "?") +
              ": the site has " + std::to_string(Info.NumPoints) +
              " points but " + std::to_string(V.Count) +
              " variants; not tuning it");
    B.launch(V, Info.DefaultPoint < V.Count ? Info.DefaultPoint : 0);
    return;
  }
  SiteState &S = of(TheSite);
  // The backend first: a site that named() finds has one.
  S.LastBackend.store(&B, std::memory_order_release);
  S.Info.store(&Info, std::memory_order_release);
  // One point compiled (a build of default points, AUTOTUNE_POINTS=default,
  // or a space of one point): nothing to choose, so nothing to measure.
  if (environment().TuningOff || Info.NumPoints == 1) {
    B.launch(V, Info.DefaultPoint);
    return;
  }
  LookUp Found = S.lookUp(Info, B, Args, identifyModel(B, B.currentDevice()));
  if (Found.Racing) {
    S.runOnline(*Found.Entry, Info, B, V, Args);
    return;
  }
  if (!Found.MustTune) {
    if (Found.Entry)
      S.checkExtents(Info, *Found.Entry, Args);
    B.launch(V, Found.Point);
    return;
  }

  // Processes tuning together coordinate among themselves; alone, another
  // process sharing the cache may be tuning the same key: its result, or
  // (after the wait bound) the default point for this call.
  bool Together = Found.Plan.What == GroupPlan::Tune && Found.Group;
  TuningLease Lease;
  if (!Together && !S.tunesHere(*Found.Entry, Info, B, V, Args, Lease))
    return;
  TuningRecord Record = S.tuneEntry(Found, Together, Info, B, V, Args, Lease);
  if (Together)
    agreeWithGroup(*Found.Group, Info, Found.Plan, Record);
  S.record(*Found.Entry, Info, Args, Record);
  Lease.release();
  B.launch(V, Record.Winner);
}

} // namespace autotune
