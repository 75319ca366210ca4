// The cache entry format on its own: what is written parses back to the same
// entry, and what is not an entry of this version is refused with a reason,
// whatever the damage.
#include "cache/CacheFile.h"
#include "cache/CacheDirectory.h"
#include "cache/CacheIdentity.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace autotune {
namespace {

CacheEntry sampleEntry() {
  CacheEntry E;
  E.Site = "saxpy[T = float]";
  E.Name = "saxpy";
  E.Function = "void run(T *) [T = float]";
  E.File = "saxpy.cu";
  E.Line = 12;
  E.Fingerprint = 0xfedcba9876543210ull;
  E.Pragma = "space(BLOCK = {64, 128}, ITEMS = {1, 2}) key(n)";
  E.Statement = "saxpy<BLOCK, ITEMS><<<g, BLOCK>>>(n, x, y);";
  E.Params = {"BLOCK", "ITEMS"};
  E.DeviceModel = "NVIDIA H100 80GB HBM3 (sm_90, 132 SMs)";
  E.Driver = "580.65.06";
  E.Runtime = "13000";
  E.Key = {-5, 9223372036854775807LL, 0};
  E.Winner = {128, 2};
  E.Default = {64, 1};
  E.SpeedUp = 1.75;
  for (long long B : {64, 128})
    for (long long I : {1, 2}) {
      CachedVariant V;
      V.Point = {B, I};
      V.Status = B == 64 && I == 2 ? "launch failed" : "ok";
      if (V.Status == "ok") {
        V.Samples = {1.5e-5, 1.25e-5, 1.0 / 3};
        V.Median = 1.5e-5;
      } else {
        V.Problem = "too many resources requested for launch";
      }
      E.Variants.push_back(V);
    }
  E.TunedAt = "2025-01-31T12:00:00Z";
  E.TuningSeconds = 0.0123;
  return E;
}

void expectSame(const CacheEntry &A, const CacheEntry &B) {
  EXPECT_EQ(A.Site, B.Site);
  EXPECT_EQ(A.Name, B.Name);
  EXPECT_EQ(A.Function, B.Function);
  EXPECT_EQ(A.File, B.File);
  EXPECT_EQ(A.Line, B.Line);
  EXPECT_EQ(A.Fingerprint, B.Fingerprint);
  EXPECT_EQ(A.Pragma, B.Pragma);
  EXPECT_EQ(A.Statement, B.Statement);
  EXPECT_EQ(A.Params, B.Params);
  EXPECT_EQ(A.DeviceModel, B.DeviceModel);
  EXPECT_EQ(A.Driver, B.Driver);
  EXPECT_EQ(A.Runtime, B.Runtime);
  EXPECT_EQ(A.Key, B.Key);
  EXPECT_EQ(A.Winner, B.Winner);
  EXPECT_EQ(A.Default, B.Default);
  EXPECT_EQ(A.SpeedUp, B.SpeedUp);
  ASSERT_EQ(A.Variants.size(), B.Variants.size());
  for (std::size_t I = 0; I < A.Variants.size(); ++I) {
    EXPECT_EQ(A.Variants[I].Point, B.Variants[I].Point);
    EXPECT_EQ(A.Variants[I].Status, B.Variants[I].Status);
    EXPECT_EQ(A.Variants[I].Median, B.Variants[I].Median);
    EXPECT_EQ(A.Variants[I].Samples, B.Variants[I].Samples); // exactly
    EXPECT_EQ(A.Variants[I].Problem, B.Variants[I].Problem);
  }
  EXPECT_EQ(A.TunedAt, B.TunedAt);
  EXPECT_EQ(A.TuningSeconds, B.TuningSeconds);
}

TEST(CacheFileTest, WrittenEntryParsesBackExactly) {
  CacheEntry E = sampleEntry();
  std::string Text = serializeCacheEntry(E);
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(Text, Back, Problem)) << Problem << "\n" << Text;
  expectSame(E, Back);
}

// A key of an unsigned type above INT64_MAX is written as the unsigned JSON
// integer it is and read back as such: the same bits, printed unsigned, a
// file of its own (not the one of the signed key with the same bits).
TEST(CacheFileTest, UnsignedKeyAboveInt64MaxIsWrittenAsUnsigned) {
  CacheEntry E = sampleEntry();
  E.Key = {-1, 5, -7};
  E.KeyUnsigned = {true, false, false};
  std::string Text = serializeCacheEntry(E);
  nlohmann::json J = nlohmann::json::parse(Text);
  ASSERT_TRUE(J["key"][0].is_number_unsigned()) << Text;
  EXPECT_EQ(J["key"][0].get<std::uint64_t>(), 18446744073709551615ull);
  EXPECT_EQ(J["key"][2].get<long long>(), -7);
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(Text, Back, Problem)) << Problem;
  EXPECT_EQ(Back.Key, E.Key);
  EXPECT_EQ(Back.KeyUnsigned, E.KeyUnsigned);
  EXPECT_EQ(formatCachedKey(Back), "(18446744073709551615, 5, -7)");
  CacheEntry Signed = E;
  Signed.KeyUnsigned = {false, false, false};
  EXPECT_EQ(formatCachedKey(Signed), "(-1, 5, -7)");
  EXPECT_NE(cacheFileName(Signed), cacheFileName(E));
}

// The context that tells the instantiations of the templates around a
// lambda apart is stored, and is part of the file name.
TEST(CacheFileTest, ContextIsStoredAndNamesTheFile) {
  CacheEntry E = sampleEntry();
  E.Context = "_ZZ5outerIiEvvENKUlvE_clEv";
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(serializeCacheEntry(E), Back, Problem))
      << Problem;
  EXPECT_EQ(Back.Context, E.Context);
  CacheEntry Other = E;
  Other.Context = "_ZZ5outerIdEvvENKUlvE_clEv";
  EXPECT_NE(cacheFileName(Other), cacheFileName(E));
}

TEST(CacheFileTest, TheFormatIsReadableJson) {
  nlohmann::json J = nlohmann::json::parse(serializeCacheEntry(sampleEntry()));
  EXPECT_EQ(J["format"], "autotune-cache");
  EXPECT_EQ(J["version"], 1);
  EXPECT_EQ(J["site"]["fingerprint"], "fedcba9876543210");
  EXPECT_EQ(J["winner"]["BLOCK"], 128);
  EXPECT_EQ(J["winner"]["ITEMS"], 2);
  EXPECT_EQ(J["variants"][1]["point"]["ITEMS"], 2);
  EXPECT_EQ(J["variants"][1]["problem"],
            "too many resources requested for launch");
  EXPECT_TRUE(J["variants"][1]["median"].is_null());
}

TEST(CacheFileTest, UnknownSpeedUpIsNull) {
  CacheEntry E = sampleEntry();
  E.SpeedUp = -1;
  nlohmann::json J = nlohmann::json::parse(serializeCacheEntry(E));
  EXPECT_TRUE(J["speedup"].is_null());
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(J.dump(), Back, Problem)) << Problem;
  EXPECT_LT(Back.SpeedUp, 0);
}

TEST(CacheFileTest, InvalidUtf8InSiteTextIsWritable) {
  CacheEntry E = sampleEntry();
  E.Statement = "f(\"caf\xe9\");"; // Latin-1 source
  std::string Text = serializeCacheEntry(E);
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(Text, Back, Problem)) << Problem;
  EXPECT_EQ(Back.Statement.rfind("f(\"caf", 0), 0u);
}

TEST(CacheFileTest, LargeEntryDropsSamplesToStayUnderTheLimit) {
  CacheEntry E = sampleEntry();
  for (CachedVariant &V : E.Variants)
    V.Samples.assign(40000, 1.0 / 7);
  std::string Text = serializeCacheEntry(E);
  ASSERT_FALSE(Text.empty());
  EXPECT_LE(Text.size(), MaxCacheFileBytes);
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(Text, Back, Problem)) << Problem;
  EXPECT_EQ(Back.Winner, E.Winner);
  EXPECT_EQ(Back.Variants.size(), E.Variants.size());
  EXPECT_TRUE(Back.Variants[0].Samples.empty());
  EXPECT_EQ(Back.Variants[0].Median, E.Variants[0].Median);
}

TEST(CacheFileTest, EveryTruncationIsRefused) {
  std::string Text = serializeCacheEntry(sampleEntry());
  std::size_t End = Text.rfind('}');
  for (std::size_t N = 0; N < End; ++N) {
    CacheEntry E;
    std::string Problem;
    EXPECT_FALSE(parseCacheEntry(Text.substr(0, N), E, Problem)) << N;
    EXPECT_FALSE(Problem.empty());
  }
}

std::string problemOf(const std::function<void(nlohmann::json &)> &Edit) {
  nlohmann::json J = nlohmann::json::parse(serializeCacheEntry(sampleEntry()));
  Edit(J);
  CacheEntry E;
  std::string Problem;
  EXPECT_FALSE(parseCacheEntry(J.dump(), E, Problem)) << J.dump();
  return Problem;
}

TEST(CacheFileTest, WrongShapesAreRefusedWithTheirField) {
  using nlohmann::json;
  EXPECT_EQ(problemOf([](json &J) { J["version"] = "1"; }),
            "'version' must be an integer");
  EXPECT_EQ(problemOf([](json &J) { J["version"] = 0; }),
            "format version 0, this autotune reads versions 1 and 2");
  EXPECT_EQ(problemOf([](json &J) { J.erase("format"); }),
            "not a cache entry ('format' is not \"autotune-cache\")");
  EXPECT_EQ(problemOf([](json &J) { J["site"]["line"] = -1; }),
            "'site.line' is out of range");
  EXPECT_EQ(problemOf([](json &J) { J["site"]["fingerprint"] = "12"; }),
            "'site.fingerprint' must be 16 hexadecimal digits");
  EXPECT_EQ(problemOf([](json &J) { J["site"]["params"] = json::array(); }),
            "'site.params' must be a non-empty array of identifiers");
  EXPECT_EQ(
      problemOf([](json &J) { J["site"]["params"] = {"BLOCK", "BLOCK"}; }),
      "'site.params' names a parameter twice");
  // Up to 2^64 - 1 is a key (of an unsigned type); beyond, JSON holds no
  // integer.
  EXPECT_EQ(problemOf([](json &J) { J["key"] = {18446744073709551616.0}; }),
            "'key[0]' must be an integer");
  EXPECT_EQ(problemOf([](json &J) { J["winner"]["EXTRA"] = 1; }),
            "'winner' must give exactly the parameters of 'site.params'");
  EXPECT_EQ(problemOf([](json &J) { J["default"] = json::array({64, 1}); }),
            "'default' must be an object of parameter values");
  EXPECT_EQ(problemOf([](json &J) { J["speedup"] = "fast"; }),
            "'speedup' must be a number or null");
  EXPECT_EQ(problemOf([](json &J) { J["variants"][0]["status"] = "great"; }),
            "'variants[0].status' is not a known status");
  EXPECT_EQ(problemOf([](json &J) { J["variants"][2]["samples"] = 1; }),
            "'variants[2].samples' must be an array");
  EXPECT_EQ(problemOf([](json &J) { J["variants"] = json::object(); }),
            "'variants' must be an array");
}

TEST(CacheFileTest, VersionAndUnfinishedMustAgree) {
  using nlohmann::json;
  // A result that says version 2, or a race that says version 1, would be
  // read as the other by one reader or another.
  EXPECT_EQ(problemOf([](json &J) { J["version"] = 2; }),
            "format version 2 without 'unfinished'");
  EXPECT_EQ(problemOf([](json &J) { J["unfinished"] = {{"calls", 3}}; }),
            "'unfinished' in a format version 1 entry");
}

TEST(CacheFileTest, DecisionFieldsAreFractionsBelowOne) {
  using nlohmann::json;
  EXPECT_EQ(problemOf([](json &J) { J["tie_band"] = 1.5; }),
            "'tie_band' must be a fraction below 1");
  EXPECT_EQ(problemOf([](json &J) { J["min_gain"] = 2; }),
            "'min_gain' must be a fraction below 1");
  EXPECT_EQ(problemOf([](json &J) { J["tie_band"] = -0.1; }),
            "'tie_band' must be finite and not negative");
}

// Numbers no tuning writes, and names that are not parameters, are refused
// by the reader every command and the runtime share: a denormal beside a
// microsecond made 'autotune-cache plot' crash, a name 'pin' pastes into a
// clause could be code. The writer leaves such times out (null).
TEST(CacheFileTest, TimesSpeedUpsAndNamesAreWhatATuningWrites) {
  using nlohmann::json;
  const char *Time = "must be 0 or between 1e-12 and 1e7 seconds";
  EXPECT_EQ(problemOf([](json &J) { J["variants"][0]["best"] = 5e-324; }),
            std::string("'variants[0].best' ") + Time);
  EXPECT_EQ(problemOf([](json &J) { J["variants"][1]["median"] = 1e-13; }),
            std::string("'variants[1].median' ") + Time);
  EXPECT_EQ(
      problemOf([](json &J) { J["variants"][0]["samples"] = {1e-3, 1e300}; }),
      std::string("'variants[0].samples[1]' ") + Time);
  EXPECT_EQ(problemOf([](json &J) { J["variants"][0]["warm_up"] = 2e7; }),
            std::string("'variants[0].warm_up' ") + Time);
  EXPECT_EQ(problemOf([](json &J) { J["tuning_seconds"] = 1e-320; }),
            std::string("'tuning_seconds' ") + Time);
  EXPECT_EQ(problemOf([](json &J) { J["speedup"] = 1e10; }),
            "'speedup' must be between 1e-9 and 1e9");
  EXPECT_EQ(problemOf([](json &J) { J["speedup"] = 5e-324; }),
            "'speedup' must be between 1e-9 and 1e9");
  for (const char *Name : {"system(\"id\")", "B C", "1X", "X-1", "\xc3\xa9"})
    EXPECT_EQ(
        problemOf([&](json &J) { J["site"]["params"] = {Name, "ITEMS"}; }),
        "'site.params' must be a non-empty array of identifiers")
        << Name;

  CacheEntry E = sampleEntry();
  E.Variants[0].Best = 0; // below the clock's resolution: a time
  std::string Problem;
  CacheEntry Back;
  EXPECT_TRUE(parseCacheEntry(serializeCacheEntry(E), Back, Problem))
      << Problem;
  EXPECT_EQ(Back.Variants[0].Best, 0);
  E.Variants[0].Best = 5e-324;
  E.Variants[0].Samples = {1e-3, 1e300};
  E.SpeedUp = 1e300;
  E.TuningSeconds = 1e-320;
  ASSERT_TRUE(parseCacheEntry(serializeCacheEntry(E), Back, Problem))
      << Problem;
  EXPECT_EQ(Back.Variants[0].Best, -1);
  EXPECT_EQ(Back.Variants[0].Samples, std::vector<double>{1e-3});
  EXPECT_EQ(Back.SpeedUp, -1);
  EXPECT_EQ(Back.TuningSeconds, 0);
}

TEST(CacheFileTest, FieldsInArraysAreNamedWithTheirIndex) {
  using nlohmann::json;
  EXPECT_EQ(problemOf([](json &J) { J["variants"][3].erase("point"); }),
            "missing 'variants[3].point'");
  EXPECT_EQ(
      problemOf([](json &J) { J["variants"][1]["samples"] = {0.5, "x"}; }),
      "'variants[1].samples[1]' must be a number");
  EXPECT_EQ(problemOf([](json &J) { J["site"]["params"] = {"BLOCK", 7}; }),
            "'site.params[1]' must be a string");
}

TEST(CacheFileTest, HugeNumbersAreRefused) {
  std::string Text = serializeCacheEntry(sampleEntry());
  auto problemWith = [&](const std::string &From, const std::string &To) {
    std::string Edited = Text;
    std::size_t At = Edited.find(From);
    EXPECT_NE(At, std::string::npos) << From;
    Edited.replace(At, From.size(), To);
    CacheEntry E;
    std::string Problem;
    EXPECT_FALSE(parseCacheEntry(Edited, E, Problem));
    return Problem;
  };
  // Beyond a double: the JSON library refuses the text.
  EXPECT_EQ(problemWith("\"speedup\": 1.75", "\"speedup\": 1e999"),
            "not valid JSON (truncated or corrupt)");
  EXPECT_EQ(problemWith("-5,", "-99999999999999999999,"),
            "'key[0]' must be an integer");
  EXPECT_EQ(problemWith("\"line\": 12", "\"line\": 4294967296"),
            "'site.line' is out of range");
}

TEST(CacheFileTest, InvalidUtf8IsNotJson) {
  std::string Text = serializeCacheEntry(sampleEntry());
  Text.replace(Text.find("saxpy.cu"), 5, "s\xff\xfe");
  CacheEntry E;
  std::string Problem;
  EXPECT_FALSE(parseCacheEntry(Text, E, Problem));
  EXPECT_EQ(Problem, "not valid JSON (truncated or corrupt)");
}

TEST(CacheFileTest, DuplicateKeyIsRefused) {
  // Readers disagree on which of two values counts: neither is trusted.
  std::string Text = serializeCacheEntry(sampleEntry());
  Text.insert(Text.find("\"speedup\""), "\"speedup\": 100.0,\n  ");
  CacheEntry E;
  std::string Problem;
  EXPECT_FALSE(parseCacheEntry(Text, E, Problem));
  EXPECT_EQ(Problem, "duplicate key 'speedup'");
  // The same key in two objects is no duplicate.
  EXPECT_TRUE(parseCacheEntry(serializeCacheEntry(sampleEntry()), E, Problem))
      << Problem;
}

TEST(CacheFileTest, NestingDeeperThan16LevelsIsRefused) {
  std::string Deep(100000, '[');
  CacheEntry E;
  std::string Problem;
  EXPECT_FALSE(parseCacheEntry(Deep, E, Problem));
  EXPECT_EQ(Problem, "not a cache entry (nested too deeply)");
  // Closed, so valid JSON: 17 levels are too deep, 16 are only not an entry.
  std::string Seventeen = std::string(17, '[') + std::string(17, ']');
  EXPECT_FALSE(parseCacheEntry(Seventeen, E, Problem));
  EXPECT_EQ(Problem, "not a cache entry (nested too deeply)");
  std::string Sixteen = std::string(16, '[') + std::string(16, ']');
  EXPECT_FALSE(parseCacheEntry(Sixteen, E, Problem));
  EXPECT_EQ(Problem, "not a cache entry (the top level is not an object)");
  // Brackets inside strings do not count.
  CacheEntry Sample = sampleEntry();
  Sample.Statement = std::string(100, '[');
  EXPECT_TRUE(parseCacheEntry(serializeCacheEntry(Sample), E, Problem))
      << Problem;
}

TEST(CacheFileTest, FileNameIsStableSafeAndCoversTheIdentity) {
  CacheEntry E = sampleEntry();
  std::string Name = cacheFileName(E);
  EXPECT_EQ(Name.rfind("saxpy_T___float_-", 0), 0u) << Name;
  EXPECT_EQ(Name.size(), std::string("saxpy_T___float_-").size() + 16 + 5);
  EXPECT_EQ(Name, cacheFileName(sampleEntry()));
  auto Differs = [&](const std::function<void(CacheEntry &)> &Edit) {
    CacheEntry Other = sampleEntry();
    Edit(Other);
    return cacheFileName(Other) != Name;
  };
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.Name = "other"; }));
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.Function = "void run()"; }));
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.Fingerprint ^= 1; }));
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.DeviceModel += "x"; }));
  // One file per key and device model: a newer driver's tuning replaces it.
  EXPECT_FALSE(Differs([](CacheEntry &O) { O.Driver = "1"; }));
  EXPECT_FALSE(Differs([](CacheEntry &O) { O.Runtime = "1"; }));
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.Key.back() = 1; }));
  EXPECT_TRUE(Differs([](CacheEntry &O) { O.Key.push_back(0); }));
  // Hidden files are temporary ones; a label never starts with a dot.
  CacheEntry Dotted = sampleEntry();
  Dotted.Site = ".hidden";
  EXPECT_EQ(cacheFileName(Dotted)[0], '_');
}

} // namespace
} // namespace autotune
