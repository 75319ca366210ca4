// The AUTOTUNE* variables: their effect, and a warning plus a safe default
// for every bad value.
#include "TestSupport.h"

#include <map>

namespace autotune {
namespace {

using EnvironmentTest = RuntimeTest;

std::map<std::string, std::string> Fake;
const char *fakeGetenv(const char *Name) {
  auto It = Fake.find(Name);
  return It == Fake.end() ? nullptr : It->second.c_str();
}
Environment parse(std::map<std::string, std::string> Vars) {
  Fake = std::move(Vars);
  return parseEnvironment(fakeGetenv);
}

TEST_F(EnvironmentTest, OffRunsTheDefaultPointWithoutTuning) {
  setEnv("AUTOTUNE", "off");
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S(/*Default=*/1);
  S.call(&B, 1);
  S.call(&B, 2);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 1}));
  EXPECT_TRUE(logLines().empty());
}

TEST_F(EnvironmentTest, BadTuningSwitchWarnsAndKeepsTuning) {
  setEnv("AUTOTUNE", "maybe");
  std::vector<std::string> Warnings = logLinesWith("warning");
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_NE(Warnings[0].find("AUTOTUNE='maybe'"), std::string::npos)
      << Warnings[0];
  EXPECT_NE(Warnings[0].find("'on', 'off' or 'cached'"), std::string::npos);
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GT(B.timedRuns(), 0u);
  // Read once: using the settings does not warn again.
  environment();
  EXPECT_EQ(logLinesWith("warning").size(), 1u);
}

TEST_F(EnvironmentTest, BadLogLevelWarnsAndLogsNothing) {
  setEnv("AUTOTUNE_LOG", "x");
  std::vector<std::string> Warnings = logLinesWith("warning");
  ASSERT_EQ(Warnings.size(), 1u);
  EXPECT_NE(Warnings[0].find("AUTOTUNE_LOG='x'"), std::string::npos);
  EXPECT_NE(Warnings[0].find("0, 1 or 2"), std::string::npos);
  EXPECT_EQ(environment().LogLevel, 0);
}

TEST(ParseEnvironmentTest, Defaults) {
  Environment Env = parse({{"HOME", "/home/u"}});
  EXPECT_FALSE(Env.TuningOff);
  EXPECT_EQ(Env.LogLevel, 0);
  EXPECT_FALSE(Env.Retune);
  EXPECT_EQ(Env.Cache, CacheMode::On);
  EXPECT_EQ(Env.CacheDir, "/home/u/.cache/autotune");
}

TEST(ParseEnvironmentTest, AcceptedValues) {
  Environment Env = parse({{"AUTOTUNE", "OFF"},
                           {"AUTOTUNE_LOG", "2"},
                           {"AUTOTUNE_RETUNE", "1"},
                           {"AUTOTUNE_CACHE", "read"},
                           {"AUTOTUNE_CACHE_DIR", "/tmp/c"}});
  EXPECT_TRUE(Env.TuningOff);
  EXPECT_EQ(Env.LogLevel, 2);
  EXPECT_TRUE(Env.Retune);
  EXPECT_EQ(Env.Cache, CacheMode::Read);
  EXPECT_EQ(Env.CacheDir, "/tmp/c");
  EXPECT_EQ(parse({{"AUTOTUNE_CACHE", "off"}}).Cache, CacheMode::Off);
  EXPECT_FALSE(parse({{"AUTOTUNE", "on"}}).TuningOff);
  Environment Cached = parse({{"AUTOTUNE", "Cached"}});
  EXPECT_TRUE(Cached.CachedOnly);
  EXPECT_FALSE(Cached.TuningOff);
  EXPECT_FALSE(parse({{"AUTOTUNE", "on"}}).CachedOnly);
  EXPECT_TRUE(parse({{"AUTOTUNE_STRICT", "yes"}}).Strict);
  EXPECT_FALSE(parse({}).Strict);
  EXPECT_EQ(parse({{"AUTOTUNE_HOST_MODEL", "build host"}}).HostModel,
            "build host");
}

TEST_F(EnvironmentTest, LeaseSecondsArePositiveAtMostADay) {
  EXPECT_EQ(parse({}).LeaseSeconds, 30);
  EXPECT_EQ(parse({{"AUTOTUNE_LEASE_SECONDS", "0.5"}}).LeaseSeconds, 0.5);
  EXPECT_EQ(parse({{"AUTOTUNE_LEASE_SECONDS", "86400"}}).LeaseSeconds, 86400);
  EXPECT_TRUE(logLinesWith("AUTOTUNE_LEASE_SECONDS").empty());
  // Shorter leases are raised to the shortest, and said.
  for (const char *Short : {"0.2", "1e-9", "4.9e-324"}) {
    EXPECT_EQ(parse({{"AUTOTUNE_LEASE_SECONDS", Short}}).LeaseSeconds, 0.25)
        << Short;
    EXPECT_EQ(leaseSecondsFrom(fakeGetenv), 0.25) << Short;
    EXPECT_EQ(logLinesWith("warning: AUTOTUNE_LEASE_SECONDS='" +
                           std::string(Short) +
                           "' is below the shortest lease, 0.25 seconds: "
                           "leases last 0.25 seconds")
                  .size(),
              1u)
        << Short;
  }
  EXPECT_EQ(parse({{"AUTOTUNE_LEASE_SECONDS", "0.25"}}).LeaseSeconds, 0.25);
  for (const char *Bad : {"0", "-3", "90000", "30s", "", "nan"}) {
    EXPECT_EQ(parse({{"AUTOTUNE_LEASE_SECONDS", Bad}}).LeaseSeconds, 30) << Bad;
    EXPECT_EQ(leaseSecondsFrom(fakeGetenv), 30) << Bad;
    EXPECT_EQ(logLinesWith("AUTOTUNE_LEASE_SECONDS='" + std::string(Bad) +
                           "': expected a number of seconds above 0")
                  .size(),
              1u)
        << Bad;
  }
}

TEST_F(EnvironmentTest, MeasurementSettingsAreValidated) {
  Environment Env = parse({{"AUTOTUNE_TIME_LIMIT", "0.25"},
                           {"AUTOTUNE_MIN_GAIN", "0.05"},
                           {"AUTOTUNE_COLD_L2", "on"}});
  EXPECT_EQ(Env.TimeLimit, 0.25);
  EXPECT_EQ(Env.MinGain, 0.05);
  EXPECT_EQ(Env.ColdL2, true);
  Environment Unset = parse({});
  EXPECT_FALSE(Unset.TimeLimit || Unset.MinGain || Unset.ColdL2);
  EXPECT_EQ(parse({{"AUTOTUNE_MIN_GAIN", "0"}}).MinGain, 0.0);
  for (const char *Bad : {"0", "-1", "1e9", "fast", "nan"})
    EXPECT_FALSE(parse({{"AUTOTUNE_TIME_LIMIT", Bad}}).TimeLimit) << Bad;
  for (const char *Bad : {"-0.1", "1", "5%", "inf"})
    EXPECT_FALSE(parse({{"AUTOTUNE_MIN_GAIN", Bad}}).MinGain) << Bad;
  EXPECT_FALSE(parse({{"AUTOTUNE_COLD_L2", "cold"}}).ColdL2);
  EXPECT_EQ(logLinesWith("AUTOTUNE_TIME_LIMIT='fast': expected a number of "
                         "seconds above 0")
                .size(),
            1u);
  EXPECT_EQ(logLinesWith("AUTOTUNE_MIN_GAIN='5%': expected a fraction").size(),
            1u);
  EXPECT_EQ(logLinesWith("AUTOTUNE_COLD_L2='cold': expected 0 or 1").size(),
            1u);
}

// AUTOTUNE_NVTX: profiler ranges are on unless it says 0 (docs/runtime.md,
// "In a profiler"); a bad value warns and leaves them on.
TEST_F(EnvironmentTest, ProfilerRangesAreOnUnlessTurnedOff) {
  EXPECT_TRUE(parse({}).ProfilerRanges);
  EXPECT_FALSE(parse({{"AUTOTUNE_NVTX", "0"}}).ProfilerRanges);
  EXPECT_FALSE(parse({{"AUTOTUNE_NVTX", "off"}}).ProfilerRanges);
  EXPECT_TRUE(parse({{"AUTOTUNE_NVTX", "1"}}).ProfilerRanges);
  EXPECT_TRUE(parse({{"AUTOTUNE_NVTX", "quiet"}}).ProfilerRanges);
  EXPECT_EQ(logLinesWith("AUTOTUNE_NVTX='quiet': expected 0 or 1").size(), 1u);
}

TEST(ParseEnvironmentTest, ResultPathsAreSplitAtColonsAndMadeAbsolute) {
  Environment Env =
      parse({{"AUTOTUNE_RESULTS", "/opt/app/results.json::relative/dir:"}});
  ASSERT_EQ(Env.ResultPaths.size(), 2u);
  EXPECT_EQ(Env.ResultPaths[0], "/opt/app/results.json");
  EXPECT_EQ(Env.ResultPaths[1].front(), '/');
  EXPECT_NE(Env.ResultPaths[1].find("/relative/dir"), std::string::npos);
  EXPECT_TRUE(parse({}).ResultPaths.empty());
}

TEST_F(EnvironmentTest, EveryBadValueWarnsWithItsName) {
  Environment Env = parse({{"AUTOTUNE_RETUNE", "sometimes"},
                           {"AUTOTUNE_CACHE", "write"},
                           {"AUTOTUNE_CACHE_DIR", ""},
                           {"AUTOTUNE_STRICT", "very"},
                           {"HOME", "/home/u"}});
  EXPECT_FALSE(Env.Strict);
  EXPECT_EQ(logLinesWith("AUTOTUNE_STRICT='very'").size(), 1u);
  EXPECT_FALSE(Env.Retune);
  EXPECT_EQ(Env.Cache, CacheMode::On);
  EXPECT_EQ(Env.CacheDir, "/home/u/.cache/autotune");
  EXPECT_EQ(logLinesWith("AUTOTUNE_RETUNE='sometimes'").size(), 1u);
  EXPECT_EQ(logLinesWith("AUTOTUNE_CACHE='write'").size(), 1u);
  EXPECT_EQ(logLinesWith("'on', 'read' or 'off'").size(), 1u);
  EXPECT_EQ(logLinesWith("AUTOTUNE_CACHE_DIR=''").size(), 1u);
}

TEST(ParseEnvironmentTest, CacheDirectoryFallsBackLikeXdg) {
  EXPECT_EQ(parse({{"XDG_CACHE_HOME", "/x"}, {"HOME", "/h"}}).CacheDir,
            "/x/autotune");
  // A relative XDG_CACHE_HOME is invalid by the XDG specification.
  EXPECT_EQ(parse({{"XDG_CACHE_HOME", "x"}, {"HOME", "/h"}}).CacheDir,
            "/h/.cache/autotune");
  EXPECT_EQ(parse({}).CacheDir, "");
}

// The seam for the persistent cache: earlier results are used unless
// AUTOTUNE_RETUNE=1; AUTOTUNE_CACHE decides reads and writes.
class ScriptedStore : public ResultStore {
public:
  bool lookup(const SiteInfo &, const DeviceIdentity &, const long long *,
              unsigned, StoredResult &Result) override {
    ++Lookups;
    Result.Point = 2;
    return true;
  }
  void store(const SiteInfo &, const DeviceIdentity &, const long long *,
             unsigned, const TuningRecord &) override {
    ++Stores;
  }
  int Lookups = 0, Stores = 0;
};

TEST_F(EnvironmentTest, EarlierResultIsUsedWithoutTuning) {
  ScriptedStore Store;
  testing::setResultStore(&Store);
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), 2u);
  EXPECT_EQ(Store.Lookups, 1);
}

TEST_F(EnvironmentTest, RetuneIgnoresEarlierResults) {
  setEnv("AUTOTUNE_RETUNE", "1");
  ScriptedStore Store;
  testing::setResultStore(&Store);
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(Store.Lookups, 0);
  EXPECT_EQ(Store.Stores, 1);
}

TEST_F(EnvironmentTest, CacheReadOnlyNeverStores) {
  setEnv("AUTOTUNE_CACHE", "read");
  setEnv("AUTOTUNE_RETUNE", "1");
  ScriptedStore Store;
  testing::setResultStore(&Store);
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_EQ(Store.Stores, 0);
}

TEST_F(EnvironmentTest, CacheOffNeitherReadsNorStores) {
  setEnv("AUTOTUNE_CACHE", "off");
  ScriptedStore Store;
  testing::setResultStore(&Store);
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 1);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(Store.Lookups, 0);
  EXPECT_EQ(Store.Stores, 0);
}

} // namespace
} // namespace autotune
