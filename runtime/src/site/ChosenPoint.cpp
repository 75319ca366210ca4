// autotune/results.h: a site's choice for a key, read from the site's table
// (this process's tunings and the cache entries it has read), else from the
// result store as the site's next call would find it.
#include "autotune/results.h"

#include "cache/CacheIdentity.h"
#include "cache/ResultStore.h"
#include "site/DeviceModels.h"
#include "site/SiteState.h"
#include "support/Environment.h"
#include "support/TextFormat.h"
#include "tune/OnlineTuning.h"
#include "tune/TuningLog.h"

#include <chrono>

namespace autotune {
namespace {

Choice none(std::string Why) {
  return Choice(Choice::Source::None, Why, {}, {});
}

Choice pointOf(const SiteInfo &Info, unsigned Point, Choice::Source From) {
  std::vector<std::string> Names;
  std::vector<long long> Values;
  for (unsigned P = 0; P < Info.NumParams; ++P) {
    Names.push_back(Info.ParamNames[P]);
    Values.push_back(Info.Points[std::size_t(Point) * Info.NumParams + P]);
  }
  return Choice(From, std::string(), std::move(Names), std::move(Values));
}

// Long enough for any tuning under the time limit (docs/runtime.md), short
// enough that a tuning stuck in a variant does not hang initialisation.
constexpr auto TuningWait = std::chrono::seconds(120);

} // namespace

std::string Choice::text() const {
  if (Values.empty())
    return Why;
  std::vector<const char *> Params;
  for (const std::string &N : Names)
    Params.push_back(N.c_str());
  return formatPoint(Params.data(), Values.data(),
                     std::min(Params.size(), Values.size()));
}

namespace {
thread_local unsigned TuneNowDepth = 0;
} // namespace

bool insideTuneNow() { return TuneNowDepth > 0; }

namespace detail {
TuneNowScope::TuneNowScope() { ++TuneNowDepth; }
TuneNowScope::~TuneNowScope() { --TuneNowDepth; }

Choice choiceOf(const char *SiteText, const long long *Key, unsigned KeyCount,
                bool WaitForTuning) {
  const Environment &Env = environment();
  std::string Site = SiteText ? SiteText : "";
  std::vector<SiteState *> Sites = SiteState::named(Site);
  if (Sites.empty())
    return none("site '" + printable(Site) + "' has not run in this process" +
                (WaitForTuning ? " (the call did not reach it)" : ""));
  if (Sites.size() > 1) {
    std::string Labels;
    for (SiteState *S : Sites)
      Labels +=
          (Labels.empty() ? "'" : ", '") + siteLabel(*S->Info.load()) + "'";
    return none("'" + printable(Site) + "' names " +
                std::to_string(Sites.size()) + " sites (" + Labels +
                "); give one of their labels");
  }
  SiteState &S = *Sites.front();
  const SiteInfo &Info = *S.Info.load(std::memory_order_acquire);
  if (Env.TuningOff || Info.NumPoints == 1) {
    Choice Default = pointOf(Info, Info.DefaultPoint, Choice::Source::Default);
    return Choice(Choice::Source::Default,
                  Env.TuningOff ? "tuning is off (AUTOTUNE=off): the site runs "
                                  "its default point"
                                : "the site compiled one point (a build of "
                                  "default points, AUTOTUNE_POINTS=default, "
                                  "or a space of one point): it runs that "
                                  "point, untuned",
                  Default.names(), Default.values());
  }
  Backend *B = S.LastBackend.load(std::memory_order_acquire);
  int Model = identifyModel(*B, B->currentDevice());
  std::string Where =
      describeTuning(Info, Key, KeyCount, modelIdentity(Model).Model);

  std::uint64_t Hash = hashKey(Model, Key, KeyCount);
  if (TunedEntry *E = S.Entries.find(Hash, Model, Key, KeyCount)) {
    int Winner = E->Winner.load(std::memory_order_acquire);
    // A race is decided by the program's later calls, not by waiting.
    if (Winner < 0 && Winner != TunedEntry::Racing && WaitForTuning) {
      std::unique_lock<std::mutex> Lock(S.Mutex);
      S.Tuned.wait_for(Lock, TuningWait, [E] {
        return E->Winner.load(std::memory_order_acquire) >= 0;
      });
      Winner = E->Winner.load(std::memory_order_acquire);
    }
    if (Winner == TunedEntry::Racing)
      return none(Where + ": being tuned online (" + E->Online->progress() +
                  "; leading: " + formatPoint(Info, E->Online->bestSoFar()) +
                  "); the site runs one point per call until the race ends");
    if (Winner >= 0 && static_cast<unsigned>(Winner) < Info.NumPoints) {
      Choice C = pointOf(Info, static_cast<unsigned>(Winner),
                         Choice::Source::ThisProcess);
      if (!E->Borrowed)
        return C;
      return Choice(Choice::Source::Nearest,
                    Where + ": not tuned (AUTOTUNE=cached); the site runs the "
                            "winner of the nearest tuned key, or its default "
                            "point where none is tuned",
                    C.names(), C.values());
    }
    return none(Where + ": still being tuned by another thread");
  }
  StoredResult Stored;
  if (SiteState::readStored(Info, Key, KeyCount, Model, Stored))
    return pointOf(Info, Stored.Point, Choice::Source::Cache);
  return none(Where + ": not tuned" +
              (WaitForTuning ? " (the call did not reach the site with "
                               "this key on this device)"
                             : ""));
}
} // namespace detail

} // namespace autotune
