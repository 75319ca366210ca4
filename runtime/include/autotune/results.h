// Tuning results in the program's own code: which point a site chose for a
// key on this device (to size a buffer, or to configure a second kernel from
// the first one's result), and a way to have a site tuned now, from the
// program's initialisation, rather than on its first real call.
// docs/user-guide.md, "Read the winner in code".
#ifndef AUTOTUNE_RESULTS_H
#define AUTOTUNE_RESULTS_H

#include "autotune/autotune.h"

#include <string>
#include <utility>
#include <vector>

namespace autotune {

// What a site chose for one key on the calling thread's current device.
class Choice {
public:
  enum class Source {
    None,        // no point known (the site has not run, the key is not
                 // tuned yet): reason() says why
    Default,     // tuning is off (AUTOTUNE=off), or the site compiled one
                 // point (AUTOTUNE_POINTS=default): the site runs its
                 // default point, which this holds; reason() says so
    Nearest,     // AUTOTUNE=cached: the key has no result; the site runs the
                 // nearest tuned key's winner, which this holds
    ThisProcess, // tuned, or read from the cache, by a call of this process
    Cache,       // an earlier process's result (the cache, AUTOTUNE_RESULTS)
  };

  // Whether the point is a tuned result (ThisProcess or Cache).
  explicit operator bool() const {
    return From == Source::ThisProcess || From == Source::Cache;
  }
  Source source() const { return From; }
  // Why there is no tuned point ("site 'gemm' has not run in this
  // process"), empty when there is one.
  const std::string &reason() const { return Why; }

  // The point the site runs (tuned, the default where tuning is off, the
  // nearest key's winner with AUTOTUNE=cached):
  // parameter names and values, in the pragma's order; empty for None.
  const std::vector<std::string> &names() const { return Names; }
  const std::vector<long long> &values() const { return Values; }
  // The value of parameter Name in the point, or Fallback when there is no
  // point or no such parameter.
  long long value(const std::string &Name, long long Fallback) const {
    for (std::size_t I = 0; I < Names.size() && I < Values.size(); ++I)
      if (Names[I] == Name)
        return Values[I];
    return Fallback;
  }
  // "BLOCK=256 ITEMS=4", as the log writes a point; the reason for None.
  std::string text() const;

  // Made by the library (detail::choiceOf).
  Choice(Source From, std::string Why, std::vector<std::string> Names,
         std::vector<long long> Values)
      : From(From), Why(std::move(Why)), Names(std::move(Names)),
        Values(std::move(Values)) {}

private:
  Source From;
  std::string Why;
  std::vector<std::string> Names;
  std::vector<long long> Values;
};

namespace detail {
// Site: a site's label as in the log ("scale[T = float]") or its name(...)
// (which must then name one site). Waits for a tuning of the key under way
// in another thread when WaitForTuning.
Choice choiceOf(const char *Site, const long long *Key, unsigned KeyCount,
                bool WaitForTuning);

// While one lives, this thread's calls tune on the call, also those of a
// site tuned online: tuneNow() asks for the winner now.
class TuneNowScope {
public:
  TuneNowScope();
  ~TuneNowScope();
  TuneNowScope(const TuneNowScope &) = delete;
  TuneNowScope &operator=(const TuneNowScope &) = delete;
};
} // namespace detail

// The point site Site uses for this key (the values of its key(...)
// clause, in order; none for a site without key) on the calling thread's
// current device: tuned by this process, or an earlier result the site
// would use (the cache, AUTOTUNE_RESULTS). The site must have run once in
// this process (before that, its compiled space is unknown to the library).
// Never tunes and never waits.
template <class... K> Choice chosenPoint(const char *Site, K... Key) {
  const long long Values[sizeof...(K) + 1] = {keyValue(Key)..., 0};
  return detail::choiceOf(Site, Values, sizeof...(K), false);
}

// Runs Call() now, which must execute site Site's statement with this key
// (a call of the program's own function, with arguments it supplies), so
// that the site is tuned here instead of on its first real call; then
// returns the choice, waiting for it if another thread is tuning the same
// key. The statement runs as on any call: tuned (restore(...) applies),
// then run once with the winner. A Call that does not reach the site with
// this key returns a Choice without a point, whose reason() says so.
// A site tuned online (mode(online), AUTOTUNE_MODE=online) is tuned on this
// call all the same, unless its calls have begun racing already: then the
// Choice has no point until the race ends.
template <class F, class... K>
Choice tuneNow(const char *Site, F &&Call, K... Key) {
  {
    detail::TuneNowScope Scope;
    std::forward<F>(Call)();
  }
  const long long Values[sizeof...(K) + 1] = {keyValue(Key)..., 0};
  return detail::choiceOf(Site, Values, sizeof...(K), true);
}

} // namespace autotune

#endif // AUTOTUNE_RESULTS_H
