// Reading and validating the AUTOTUNE* variables (docs/runtime.md,
// "Environment"), and where the cache directory is.
#include "support/Environment.h"

#include "support/Log.h"
#include "support/Paths.h"

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

namespace autotune {
namespace {

std::string lowercase(const char *Text) {
  std::string S(Text);
  std::transform(S.begin(), S.end(), S.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  return S;
}

void warnIgnored(const char *Name, const char *Value, const char *Expected,
                 const char *Fallback) {
  logLine(std::string("warning: ignoring ") + Name + "='" + Value +
          "': expected " + Expected + "; " + Fallback);
}

// Booleans accept the usual spellings, so that AUTOTUNE_RETUNE=true works.
// Returns false (and leaves Result alone) for anything else.
bool parseBool(const char *Value, bool &Result) {
  std::string V = lowercase(Value);
  if (V == "1" || V == "on" || V == "true" || V == "yes") {
    Result = true;
    return true;
  }
  if (V == "0" || V == "off" || V == "false" || V == "no") {
    Result = false;
    return true;
  }
  return false;
}

// A lease time: above zero, at most a day (a lease is there to notice a
// dead tuner). Returns false (and leaves Result alone) for anything else.
bool parseSeconds(const char *Value, double &Result) {
  char *End = nullptr;
  double Seconds = std::strtod(Value, &End);
  if (End == Value || *End != '\0' || !(Seconds > 0 && Seconds <= 86400))
    return false;
  Result = Seconds;
  return true;
}

// A fraction in [0, 1), for AUTOTUNE_MIN_GAIN; false (Result alone) for
// anything else.
bool parseFraction(const char *Value, double &Result) {
  char *End = nullptr;
  double Fraction = std::strtod(Value, &End);
  if (End == Value || *End != '\0' || !(Fraction >= 0 && Fraction < 1))
    return false;
  Result = Fraction;
  return true;
}

// A variable that switches something on (off when unset or empty); a value
// that is not a boolean warns, saying what happens instead (Fallback).
bool readSwitch(const char *(*Get)(const char *), const char *Name,
                const char *Fallback) {
  bool On = false;
  if (const char *Value = Get(Name))
    if (*Value && !parseBool(Value, On))
      warnIgnored(Name, Value, "0 or 1", Fallback);
  return On;
}

// An optional setting: Name's value, read by Parse, replaces Setting; a value
// Parse refuses is a warning naming Expected and the Fallback kept.
template <class T, class Out>
void readSetting(const char *(*Get)(const char *), const char *Name,
                 bool (*Parse)(const char *, T &), Out &Setting,
                 const char *Expected, const char *Fallback) {
  const char *Value = Get(Name);
  if (!Value)
    return;
  T Parsed{};
  if (Parse(Value, Parsed))
    Setting = Parsed;
  else if (*Value)
    warnIgnored(Name, Value, Expected, Fallback);
}

// AUTOTUNE: on, off, or "cached" (earlier results, never a tuning).
void readTuning(const char *(*Get)(const char *), Environment &Env) {
  const char *Value = Get("AUTOTUNE");
  if (!Value)
    return;
  bool On = true;
  if (lowercase(Value) == "cached")
    Env.CachedOnly = true;
  else if (*Value && !parseBool(Value, On))
    warnIgnored("AUTOTUNE", Value, "'on', 'off' or 'cached'",
                "tuning stays on");
  Env.TuningOff = !On;
}

void readLogLevel(const char *(*Get)(const char *), Environment &Env) {
  const char *Value = Get("AUTOTUNE_LOG");
  if (!Value)
    return;
  std::string V = lowercase(Value);
  if (V == "0" || V == "1" || V == "2")
    Env.LogLevel = V[0] - '0';
  else if (V == "off" || V == "false" || V == "no" || V.empty())
    Env.LogLevel = 0;
  else
    warnIgnored("AUTOTUNE_LOG", Value, "0, 1 or 2", "logging stays off");
}

void readMode(const char *(*Get)(const char *), Environment &Env) {
  const char *Value = Get("AUTOTUNE_MODE");
  if (!Value)
    return;
  std::string V = lowercase(Value);
  if (V == "online")
    Env.Mode = TuningMode::Online;
  else if (V == "blocking")
    Env.Mode = TuningMode::Blocking;
  else if (!V.empty())
    warnIgnored("AUTOTUNE_MODE", Value, "'online' or 'blocking'",
                "each site tunes as its pragma says");
}

void readCacheMode(const char *(*Get)(const char *), Environment &Env) {
  const char *Value = Get("AUTOTUNE_CACHE");
  if (!Value)
    return;
  std::string V = lowercase(Value);
  bool On = true;
  if (V == "read")
    Env.Cache = CacheMode::Read;
  else if (V.empty())
    Env.Cache = CacheMode::On;
  else if (parseBool(Value, On))
    Env.Cache = On ? CacheMode::On : CacheMode::Off;
  else
    warnIgnored("AUTOTUNE_CACHE", Value, "'on', 'read' or 'off'",
                "the cache stays on");
}

// A lease time below the shortest is raised to it, with a warning of its
// own: the value was understood, only not kept.
void readLeaseSeconds(const char *(*Get)(const char *), Environment &Env) {
  const char *Value = Get("AUTOTUNE_LEASE_SECONDS");
  if (!Value)
    return;
  if (!parseSeconds(Value, Env.LeaseSeconds))
    warnIgnored("AUTOTUNE_LEASE_SECONDS", Value,
                "a number of seconds above 0, at most 86400",
                "leases last 30 seconds");
  else if (Env.LeaseSeconds < Environment::MinLeaseSeconds) {
    logLine(std::string("warning: AUTOTUNE_LEASE_SECONDS='") + Value +
            "' is below the shortest lease, 0.25 seconds: leases last "
            "0.25 seconds");
    Env.LeaseSeconds = Environment::MinLeaseSeconds;
  }
}

std::string resolveCacheDir(const char *(*Get)(const char *)) {
  if (const char *Dir = Get("AUTOTUNE_CACHE_DIR"))
    if (!*Dir)
      warnIgnored("AUTOTUNE_CACHE_DIR", Dir, "a directory",
                  "using the default location");
  return cacheDirectoryFrom(Get);
}

// Earlier results of reloadEnvironment() stay alive: a caller may still hold
// a reference obtained from environment().
std::mutex ReloadMutex;
std::vector<std::unique_ptr<Environment>> Retired;
std::atomic<const Environment *> Current{nullptr};

const Environment *readProcessEnvironment() {
  auto Env = std::make_unique<Environment>(parseEnvironment(processGetenv));
  const Environment *Result = Env.get();
  Retired.push_back(std::move(Env));
  return Result;
}

} // namespace

const char *processGetenv(const char *Name) { return std::getenv(Name); }

std::string cacheDirectoryFrom(const char *(*Get)(const char *Name)) {
  if (const char *Dir = Get("AUTOTUNE_CACHE_DIR"))
    if (*Dir) {
      // Relative to where the program started, even if it changes directory.
      std::string Path = Dir;
      makeAbsolute(Path);
      return Path;
    }
  // The XDG base directory specification says relative values are invalid.
  if (const char *Xdg = Get("XDG_CACHE_HOME"))
    if (Xdg[0] == '/')
      return joinPath(Xdg, "autotune");
  if (const char *Home = Get("HOME"))
    if (*Home)
      return joinPath(Home, ".cache/autotune");
  return std::string();
}

double leaseSecondsFrom(const char *(*Get)(const char *Name)) {
  double Seconds = Environment().LeaseSeconds;
  if (const char *Value = Get("AUTOTUNE_LEASE_SECONDS"))
    parseSeconds(Value, Seconds);
  return std::max(Seconds, Environment::MinLeaseSeconds);
}

std::vector<std::string> resultPathsFrom(const char *(*Get)(const char *Name)) {
  std::vector<std::string> Paths;
  const char *Value = Get("AUTOTUNE_RESULTS");
  if (!Value)
    return Paths;
  // Separated by ':', as PATH is; empty parts are skipped.
  std::string List = Value;
  std::size_t Begin = 0;
  while (Begin <= List.size()) {
    std::size_t End = List.find(':', Begin);
    if (End == std::string::npos)
      End = List.size();
    std::string Path = List.substr(Begin, End - Begin);
    if (!Path.empty()) {
      makeAbsolute(Path);
      Paths.push_back(Path);
    }
    Begin = End + 1;
  }
  return Paths;
}

// One line per variable, in the order their warnings come; a variable that
// needs more than readSwitch() or readSetting() has a reader of its own
// above.
Environment parseEnvironment(const char *(*Get)(const char *Name)) {
  Environment Env;
  readTuning(Get, Env);
  readLogLevel(Get, Env);
  Env.Retune = readSwitch(Get, "AUTOTUNE_RETUNE", "earlier results are used");
  readMode(Get, Env);
  readCacheMode(Get, Env);
  Env.Strict = readSwitch(Get, "AUTOTUNE_STRICT",
                          "results of other driver versions are used");
  readSetting(Get, "AUTOTUNE_NVTX", parseBool, Env.ProfilerRanges, "0 or 1",
              "tunings show as NVTX ranges");
  if (const char *Value = Get("AUTOTUNE_HOST_MODEL"))
    Env.HostModel = Value;
  readLeaseSeconds(Get, Env);
  readSetting(Get, "AUTOTUNE_TIME_LIMIT", parseSeconds, Env.TimeLimit,
              "a number of seconds above 0, at most 86400",
              "each site's own limit is used (1 s by default)");
  readSetting(Get, "AUTOTUNE_MIN_GAIN", parseFraction, Env.MinGain,
              "a fraction from 0 to below 1 (0.05: 5 %)",
              "each site's own minimum gain is used (0 by default)");
  readSetting(Get, "AUTOTUNE_COLD_L2", parseBool, Env.ColdL2, "0 or 1",
              "each site's own measure(cold_l2) is used");
  Env.CacheDir = resolveCacheDir(Get);
  Env.ResultPaths = resultPathsFrom(Get);
  return Env;
}

const Environment &environment() {
  const Environment *Env = Current.load(std::memory_order_acquire);
  if (Env)
    return *Env;
  std::lock_guard<std::mutex> Lock(ReloadMutex);
  Env = Current.load(std::memory_order_relaxed);
  if (!Env) {
    Env = readProcessEnvironment();
    Current.store(Env, std::memory_order_release);
    setLogHeader(Env->LogLevel >= 1);
  }
  return *Env;
}

namespace testing {
void reloadEnvironment() {
  std::lock_guard<std::mutex> Lock(ReloadMutex);
  const Environment *Env = readProcessEnvironment();
  Current.store(Env, std::memory_order_release);
  setLogHeader(Env->LogLevel >= 1);
}
} // namespace testing

} // namespace autotune
