// The AUTOTUNE* environment variables, read once per process and validated:
// a bad value is reported once and replaced by a safe default. Also which
// variables name the cache directory, for the runtime and
// tools/autotune-cache alike.
#ifndef AUTOTUNE_SRC_ENVIRONMENT_H
#define AUTOTUNE_SRC_ENVIRONMENT_H

#include "autotune/autotune.h"

#include <optional>
#include <string>
#include <vector>

namespace autotune {

enum class CacheMode {
  On,   // read earlier results and write new ones (the default)
  Read, // read earlier results, never write
  Off,  // neither
};

struct Environment {
  bool TuningOff = false;  // AUTOTUNE=off: always the default point
  bool CachedOnly = false; // AUTOTUNE=cached: earlier results (the key's,
                           // else the nearest key's), never a tuning
  int LogLevel = 0;        // AUTOTUNE_LOG: 0 problems only, 1 one line per
                           // tuning, 2 also the table of every point
  bool Retune = false;     // AUTOTUNE_RETUNE=1: ignore earlier results
  // AUTOTUNE_MODE=online|blocking: how every site tunes, over its own
  // mode(...) clause; unset: each site as its pragma says.
  std::optional<TuningMode> Mode;
  CacheMode Cache = CacheMode::On;
  std::string CacheDir; // resolved; empty when no location can be derived
  // AUTOTUNE_RESULTS: read-only results shipped with the program (export
  // files, or directories of them or of cache files), consulted in this
  // order after CacheDir; made absolute.
  std::vector<std::string> ResultPaths;
  // AUTOTUNE_STRICT=1: an entry tuned under another driver or CUDA runtime
  // version is not used (by default it is, with a note at AUTOTUNE_LOG=1).
  bool Strict = false;
  // AUTOTUNE_HOST_MODEL: the device model of host statements; empty: named
  // after the CPU ("host (<model name>)").
  std::string HostModel;
  // AUTOTUNE_LEASE_SECONDS: a tuning lease that its holder has not
  // refreshed for this long is stale, and a call waits at most
  // MaxWaitLeases times as long for another process's tuning
  // (docs/cache.md, "Concurrency").
  double LeaseSeconds = 30;
  static constexpr double MaxWaitLeases = 20;
  // AUTOTUNE_TIME_LIMIT (seconds of timed runs a tuning may take),
  // AUTOTUNE_MIN_GAIN (the fraction by which a point must beat the default
  // point) and AUTOTUNE_COLD_L2=1 (every run with a cold L2): the program's
  // measurement settings, under each site's own clauses (policyFor).
  std::optional<double> TimeLimit;
  std::optional<double> MinGain;
  std::optional<bool> ColdL2;
};

// The process's settings. The first call reads the environment; later calls
// return the same object, so holding the reference is safe.
const Environment &environment();

// Parses an environment as given by Get (a getenv-like function returning
// null for unset variables); warnings go to the log. Separate from
// environment() so that every rule can be tested without touching the
// process environment.
Environment parseEnvironment(const char *(*Get)(const char *Name));

// std::getenv, in the form the functions below take.
const char *processGetenv(const char *Name);

// The cache directory the environment names: $AUTOTUNE_CACHE_DIR if set
// and not empty (made absolute), else $XDG_CACHE_HOME/autotune if
// XDG_CACHE_HOME is absolute, else $HOME/.cache/autotune; empty when none
// applies. Get is getenv-like. Warns about nothing, unlike
// parseEnvironment().
std::string cacheDirectoryFrom(const char *(*Get)(const char *Name));

// $AUTOTUNE_LEASE_SECONDS when it is a number of seconds above zero, else
// the default (30). Get is getenv-like; warns about nothing.
double leaseSecondsFrom(const char *(*Get)(const char *Name));

// The paths $AUTOTUNE_RESULTS names, in order, made absolute. Get is
// getenv-like.
std::vector<std::string> resultPathsFrom(const char *(*Get)(const char *Name));

namespace testing {
// Re-reads the process environment; the next environment() sees the result.
void reloadEnvironment();
} // namespace testing

} // namespace autotune

#endif // AUTOTUNE_SRC_ENVIRONMENT_H
