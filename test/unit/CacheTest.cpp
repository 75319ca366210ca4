// The persistent cache as a program sees it: the next run starts from the
// earlier winner without measuring, an entry is reused only for the same
// site, space, key and device (another driver's unless AUTOTUNE_STRICT=1),
// and AUTOTUNE_CACHE / AUTOTUNE_RETUNE decide what is read and written.
#include "CacheTestSupport.h"

#include <regex>

namespace autotune {
namespace {

// X=2 is ten times faster than the others.
void fastest(FakeBackend &B, unsigned Winner) {
  B.TimeOf = [Winner](unsigned I) { return I == Winner ? 1e-4 : 1e-3; };
}

TEST_F(CacheTest, NextRunUsesEarlierWinnerWithoutMeasuring) {
  FakeBackend B;
  fastest(B, 1);
  SameSpaceSite S;
  S.call(&B, 7);
  ASSERT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(entryFiles().size(), 1u);

  nextRun();
  FakeBackend Next;
  fastest(Next, 2); // would win if anything were measured
  SameSpaceSite Again;
  Again.call(&Next, 7);
  Again.call(&Next, 7);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.launches(), (std::vector<unsigned>{1, 1}));
  EXPECT_TRUE(warnings().empty());
}

TEST_F(CacheTest, EntryHoldsIdentityValuesTimesDateAndSpeedUp) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "Fake GPU (sm_90, 132 SMs)"}};
  fastest(B, 1);
  SameSpaceSite S;
  S.call(&B, 4096);
  CacheEntry E;
  std::string Problem;
  ASSERT_EQ(readCacheFile(pathFor(S.Info, 4096, "Fake GPU (sm_90, 132 SMs)"), E,
                          Problem),
            ReadStatus::Ok)
      << Problem;
  EXPECT_EQ(E.Name, "test.cpp:1:f");
  EXPECT_EQ(E.Site, "test.cpp:1:f");
  EXPECT_EQ(E.Function, "void f(int)");
  EXPECT_EQ(E.Fingerprint, 0x1234u);
  EXPECT_EQ(E.Params, std::vector<std::string>{"X"});
  EXPECT_EQ(E.DeviceModel, "Fake GPU (sm_90, 132 SMs)");
  EXPECT_EQ(E.Key, std::vector<long long>{4096});
  EXPECT_EQ(E.Winner, std::vector<long long>{2}); // the value, not the index
  EXPECT_EQ(E.Default, std::vector<long long>{1});
  EXPECT_NEAR(E.SpeedUp, 10, 1e-9);
  ASSERT_EQ(E.Variants.size(), 3u);
  for (unsigned I = 0; I < 3; ++I) {
    EXPECT_EQ(E.Variants[I].Point, std::vector<long long>{I + 1});
    EXPECT_EQ(E.Variants[I].Status, "ok");
    EXPECT_FALSE(E.Variants[I].Samples.empty());
    // Every timed run but the warm-up is a sample.
    EXPECT_EQ(E.Variants[I].Samples.size(), B.timedRunsOf(I) - 1);
    EXPECT_NEAR(E.Variants[I].Median, I == 1 ? 1e-4 : 1e-3, 1e-12);
  }
  EXPECT_TRUE(std::regex_match(
      E.TunedAt, std::regex("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z")))
      << E.TunedAt;
}

TEST_F(CacheTest, FailedVariantsAreRecordedWithTheirProblem) {
  FakeBackend B;
  fastest(B, 1);
  B.Outcomes[2] = RunOutcome::LaunchFailed;
  SameSpaceSite S;
  S.call(&B, 1);
  CacheEntry E;
  std::string Problem;
  ASSERT_EQ(readCacheFile(pathFor(S.Info, 1), E, Problem), ReadStatus::Ok);
  EXPECT_EQ(E.Variants[2].Status, "launch failed");
  EXPECT_NE(E.Variants[2].Problem.find("too many resources"),
            std::string::npos);
  EXPECT_LT(E.Variants[2].Median, 0);
}

TEST_F(CacheTest, EveryVariantFailingIsNotCached) {
  FakeBackend B;
  for (unsigned I = 0; I < 3; ++I)
    B.Outcomes[I] = RunOutcome::LaunchFailed;
  SameSpaceSite S;
  S.call(&B, 1);
  EXPECT_TRUE(entryFiles().empty());
}

TEST_F(CacheTest, LogLevelTwoSaysTheWinnerCameFromTheCache) {
  FakeBackend B;
  fastest(B, 1);
  SameSpaceSite S;
  S.call(&B, 5);
  nextRun();
  setEnv("AUTOTUNE_LOG", "2");
  SameSpaceSite Again;
  Again.call(&B, 5);
  std::vector<std::string> Lines = logLines();
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0].rfind("autotune: test.cpp:1:f key=(5) device=fake device: "
                           "cached winner X=2, 10x faster than default (X=1), "
                           "tuned ",
                           0),
            0u)
      << Lines[0];
}

TEST_F(CacheTest, LogLevelOnePrintsNothingForACachedWinner) {
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 5);
  nextRun();
  setEnv("AUTOTUNE_LOG", "1");
  SameSpaceSite Again;
  Again.call(&B, 5);
  EXPECT_TRUE(logLines().empty());
}

// --- Identity: each difference leads to a new tuning ----------------------

TEST_F(CacheTest, EditedSiteOrSourceTunesAgain) {
  // The plugin's fingerprint covers pragma, statement, space and the
  // translation unit's source: an edited kernel changes it.
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  fastest(Next, 1);
  SameSpaceSite Edited("test.cpp:1:f", 0x5678);
  Edited.call(&Next, 7);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  EXPECT_EQ(entryFiles().size(), 2u);
}

TEST_F(CacheTest, ChangedSpaceTunesAgain) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  fastest(Next, 2);
  ListSite<1, 2, 8> Wider("test.cpp:1:f", 0x9abc,
                          "space(X = {1, 2, 8}) key(n)");
  Wider.call(&Next, 7);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 2u);
}

TEST_F(CacheTest, ChangedKeyTunesAgain) {
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  SameSpaceSite Again;
  Again.call(&Next, 8);
  EXPECT_GT(Next.timedRuns(), 0u);
  Next.forgetRuns();
  Again.call(&Next, 7); // the earlier key still comes from the cache
  EXPECT_EQ(Next.timedRuns(), 0u);
}

TEST_F(CacheTest, OtherDeviceModelTunesAgain) {
  FakeBackend B;
  B.ModelOfDevice = {{0, "Fake GPU A"}};
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Other;
  Other.ModelOfDevice = {{0, "Fake GPU B"}};
  fastest(Other, 1);
  SameSpaceSite Again;
  Again.call(&Other, 7);
  EXPECT_GT(Other.timedRuns(), 0u);
  EXPECT_EQ(Other.lastLaunch(), 1u);

  nextRun();
  FakeBackend Same;
  Same.ModelOfDevice = {{0, "Fake GPU A"}};
  SameSpaceSite Third;
  Third.call(&Same, 7);
  EXPECT_EQ(Same.timedRuns(), 0u);
  EXPECT_EQ(Same.lastLaunch(), 2u);
}

// A device whose driver and runtime versions are scripted.
class VersionedBackend : public FakeBackend {
public:
  explicit VersionedBackend(std::string Driver) : Driver(std::move(Driver)) {}
  DeviceIdentity identify(int D) override {
    DeviceIdentity Identity = FakeBackend::identify(D);
    Identity.Driver = Driver;
    Identity.Runtime = "13.0";
    return Identity;
  }
  std::string Driver;
};

// The compiled code does not change with the driver: its entry is used, with
// a note at AUTOTUNE_LOG=1 that names both versions.
TEST_F(CacheTest, OtherDriverVersionIsUsedWithANote) {
  VersionedBackend B("580.65");
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  setEnv("AUTOTUNE_LOG", "1");
  VersionedBackend Updated("590.10");
  fastest(Updated, 1);
  SameSpaceSite Again;
  Again.call(&Updated, 7);
  Again.call(&Updated, 7);
  EXPECT_EQ(Updated.timedRuns(), 0u);
  EXPECT_EQ(Updated.launches(), (std::vector<unsigned>{2, 2}));
  std::vector<std::string> Notes = logLinesWith("tuned under driver 580.65");
  ASSERT_EQ(Notes.size(), 1u);
  EXPECT_NE(Notes[0].find("(this process: driver 590.10, runtime 13.0)"),
            std::string::npos)
      << Notes[0];
  EXPECT_NE(Notes[0].find("AUTOTUNE_STRICT=1"), std::string::npos);
  EXPECT_TRUE(warnings().empty());
}

// AUTOTUNE_STRICT=1: another driver's entry is tuned over, and the new
// tuning replaces it (one file per key and device model).
TEST_F(CacheTest, StrictTunesOtherDriverVersionAgain) {
  VersionedBackend B("580.65");
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  setEnv("AUTOTUNE_STRICT", "1");
  VersionedBackend Updated("590.10");
  fastest(Updated, 1);
  SameSpaceSite Again;
  Again.call(&Updated, 7);
  EXPECT_GT(Updated.timedRuns(), 0u);
  EXPECT_EQ(Updated.lastLaunch(), 1u);
  EXPECT_EQ(entryFiles().size(), 1u);

  nextRun();
  VersionedBackend Same("590.10");
  SameSpaceSite Third;
  Third.call(&Same, 7);
  EXPECT_EQ(Same.timedRuns(), 0u);
  EXPECT_EQ(Same.lastLaunch(), 1u);
}

TEST_F(CacheTest, EachTemplateInstantiationHasItsOwnEntry) {
  FakeBackend B;
  fastest(B, 1);
  SameSpaceSite Float;
  Float.Info.Function = "void accumulate(T *) [T = float]";
  Float.call(&B, 1);
  fastest(B, 2);
  SameSpaceSite Double;
  Double.Info.Function = "void accumulate(T *) [T = double]";
  Double.call(&B, 1);
  EXPECT_EQ(entryFiles().size(), 2u);

  nextRun();
  FakeBackend Next;
  SameSpaceSite Float2, Double2;
  Float2.Info.Function = Float.Info.Function;
  Double2.Info.Function = Double.Info.Function;
  Float2.call(&Next, 1);
  Double2.call(&Next, 1);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.launches(), (std::vector<unsigned>{1, 2}));
}

// An entry found under the file name of another identity (a hash collision,
// or a file copied by hand) is checked field by field, never trusted.
TEST_F(CacheTest, EntryOfAnotherIdentityUnderThisNameIsIgnored) {
  struct Change {
    const char *What;
    std::function<void(SiteInfo &)> Apply;
  };
  std::vector<Change> Changes = {
      {"fingerprint", [](SiteInfo &I) { I.Fingerprint = 0x9999; }},
      {"name", [](SiteInfo &I) { I.Name = "other.cpp:9:g"; }},
      {"function", [](SiteInfo &I) { I.Function = "void g()"; }},
      {"context",
       [](SiteInfo &I) {
         I.Context = [] { return "_ZZ5outerIdEvvENKUlvE_clEv"; };
       }},
      {"pragma", [](SiteInfo &I) { I.PragmaText = "space(X = {1, 2, 3})"; }},
      {"statement", [](SiteInfo &I) { I.StatementText = "g<X>(n);"; }},
  };
  for (const Change &C : Changes) {
    SCOPED_TRACE(C.What);
    nextRun();
    std::filesystem::remove_all(Dir);
    FakeBackend B;
    fastest(B, 2);
    SameSpaceSite Original;
    Original.call(&B, 7);

    nextRun();
    SameSpaceSite Changed;
    C.Apply(Changed.Info);
    // Pragma and statement text are checked, not hashed into the name.
    std::string From = pathFor(Original.Info, 7), To = pathFor(Changed.Info, 7);
    if (From != To)
      std::filesystem::copy_file(From, To);
    FakeBackend Next;
    fastest(Next, 1);
    std::size_t Before = warnings().size();
    Changed.call(&Next, 7);
    EXPECT_GT(Next.timedRuns(), 0u);
    EXPECT_EQ(Next.lastLaunch(), 1u);
    ASSERT_EQ(warnings().size(), Before + 1);
    EXPECT_NE(warnings().back().find("it holds the result of another"),
              std::string::npos)
        << warnings().back();
  }
}

TEST_F(CacheTest, EntryOfAnotherDeviceOrKeyUnderThisNameIsIgnored) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  // The entry for key 7 copied to the names of key 8 and of another device.
  std::filesystem::copy_file(pathFor(S.Info, 7), pathFor(S.Info, 8));
  std::filesystem::copy_file(pathFor(S.Info, 7),
                             pathFor(S.Info, 7, "Fake GPU B"));
  FakeBackend Next;
  Next.ModelOfDevice = {{0, "fake device"}, {1, "Fake GPU B"}};
  fastest(Next, 1);
  SameSpaceSite Again;
  Again.call(&Next, 8);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  Next.Device = 1;
  Again.call(&Next, 7);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  EXPECT_EQ(warnings().size(), 2u);
}

TEST_F(CacheTest, CachedPointOutsideTheCompiledSpaceIsNeverUsed) {
  // Same identity, but the program holds other points (only a damaged or
  // forged entry can do this; the fingerprint covers the space).
  FakeBackend B;
  fastest(B, 2); // X=3
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  fastest(Next, 1);
  ListSite<1, 2, 4> Other; // same name, fingerprint, pragma text
  Other.call(&Next, 7);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  ASSERT_EQ(warnings().size(), 1u);
  EXPECT_NE(warnings()[0].find("its winner X=3 is not a point of the compiled "
                               "space"),
            std::string::npos)
      << warnings()[0];
}

TEST_F(CacheTest, CachedPointIsFoundByValueNotByIndex) {
  FakeBackend B;
  fastest(B, 1); // X=2
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Next;
  ListSite<2, 3, 1> Reordered; // X=2 is now point 0
  Reordered.call(&Next, 7);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 0u);
}

// --- Control ---------------------------------------------------------------

TEST_F(CacheTest, CacheOffNeitherReadsNorWrites) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  setEnv("AUTOTUNE_CACHE", "off");
  FakeBackend Next;
  fastest(Next, 1);
  SameSpaceSite Again;
  Again.call(&Next, 7);
  Again.call(&Next, 8);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  EXPECT_EQ(entryFiles().size(), 1u); // key 8 was not written
}

TEST_F(CacheTest, CacheReadUsesEntriesAndWritesNone) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  std::string Before = readText(pathFor(S.Info, 7));
  nextRun();
  setEnv("AUTOTUNE_CACHE", "read");
  FakeBackend Next;
  SameSpaceSite Again;
  Again.call(&Next, 7);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 2u);
  Again.call(&Next, 8);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(entryFiles().size(), 1u);
  EXPECT_EQ(readText(pathFor(S.Info, 7)), Before);
}

TEST_F(CacheTest, RetuneMeasuresAgainAndReplacesTheEntry) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  setEnv("AUTOTUNE_RETUNE", "1");
  FakeBackend Next;
  fastest(Next, 1);
  SameSpaceSite Again;
  Again.call(&Next, 7);
  EXPECT_GT(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 1u);
  CacheEntry E;
  std::string Problem;
  ASSERT_EQ(readCacheFile(pathFor(S.Info, 7), E, Problem), ReadStatus::Ok);
  EXPECT_EQ(E.Winner, std::vector<long long>{2});
}

TEST_F(CacheTest, DirectoryIsCreatedWithParents) {
  setEnv("AUTOTUNE_CACHE_DIR", (Dir + "/a/b").c_str());
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 7);
  struct stat Status;
  ASSERT_EQ(::stat((Dir + "/a/b").c_str(), &Status), 0);
  EXPECT_TRUE(S_ISDIR(Status.st_mode));
  EXPECT_TRUE(warnings().empty());
}

TEST_F(CacheTest, CaptureUsesACachedWinnerAndNeverTunes) {
  FakeBackend B;
  fastest(B, 2);
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  FakeBackend Capturing;
  Capturing.Capturing = true;
  SameSpaceSite Again;
  Again.call(&Capturing, 7); // cached: the winner
  Again.call(&Capturing, 8); // not cached: the nearest cached key's winner
  EXPECT_EQ(Capturing.timedRuns(), 0u);
  EXPECT_EQ(Capturing.launches(), (std::vector<unsigned>{2, 2}));
  EXPECT_EQ(entryFiles().size(), 1u);
  // A site with no tuned key: the default point.
  ListSite<1, 2, 3> Other("other-site");
  Other.call(&Capturing, 8);
  EXPECT_EQ(Capturing.lastLaunch(), 0u);
  EXPECT_EQ(Capturing.timedRuns(), 0u);
}

// --- The site's name in logs and in the cache -------------------------------

TEST(SiteLabelTest, TemplateArgumentsOnlyForInstantiations) {
  SiteInfo Info{};
  Info.Name = "per-type";
  Info.Function = "void accumulate(float *)";
  EXPECT_EQ(siteLabel(Info), "per-type");
  Info.Function = "void accumulate(T *) [T = float]";
  EXPECT_EQ(siteLabel(Info), "per-type[T = float]");
  Info.Function = "void accumulate(T *) [with T = double]"; // GCC, for nvcc
  EXPECT_EQ(siteLabel(Info), "per-type[T = double]");
  Info.Function = "void S<T>::go() [T = int[3], N = 3]";
  EXPECT_EQ(siteLabel(Info), "per-type[T = int[3], N = 3]");
}

// clang's __PRETTY_FUNCTION__ of a lambda or local class names none of the
// outer templates' arguments; the context (the mangled name of a function
// of a class local to the site, or with RTTI that class's name) does.
TEST(SiteLabelTest, LambdaInTemplateIsNamedByItsContext) {
  SiteInfo Info{};
  Info.Name = "lambda";
  Info.Function = "auto outer()::(anonymous class)::operator()() const";
  EXPECT_EQ(siteLabel(Info), "lambda");
  Info.Context = [] {
    return "_ZN8autotune6detail11siteContextIZZ5outerIiEvvENKUlvE_"
           "clEvE15__autotune_hereEEPKcv";
  };
  EXPECT_EQ(siteLabel(Info), "lambda[outer<int>]");
  Info.Context = [] { return "ZZ5outerIdEvvENKUlvE_clEvE15__autotune_here"; };
  EXPECT_EQ(siteLabel(Info), "lambda[outer<double>]");
  Info.Function = "auto C<char>::m()::(anonymous class)::operator()() const "
                  "[T = char]";
  Info.Context = [] {
    return "_ZN8autotune6detail11siteContextIZZN1CIcE1mILi3EEEvvENKUlvE_"
           "clEvE15__autotune_hereEEPKcv";
  };
  EXPECT_EQ(siteLabel(Info), "lambda[C<char>::m<3>]");
  // GCC without RTTI: its __PRETTY_FUNCTION__ of siteContext names Here.
  Info.Context = [] {
    return "const char* autotune::detail::siteContext() [with Here = "
           "outer<int>()::<lambda()>::__autotune_here]";
  };
  EXPECT_EQ(siteLabel(Info), "lambda[outer<int>]");
  // Directly in a function template, __PRETTY_FUNCTION__ names it.
  Info.Function = "void accumulate(T *) [T = float]";
  Info.Context = [] {
    return "_ZN8autotune6detail11siteContextIZ10accumulateIfEvPT_E15__"
           "autotune_hereEEPKcv";
  };
  EXPECT_EQ(siteLabel(Info), "lambda[T = float]");
}

TEST(SiteLabelTest, LongArgumentsAreCutAndHashed) {
  SiteInfo Info{};
  Info.Name = "s";
  std::string A = "void f(T) [T = std::vector<std::pair<long long, "
                  "std::basic_string<char>>, std::allocator<int>>]";
  std::string B = A;
  B[B.size() - 3] = 'x';
  Info.Function = A.c_str();
  std::string LabelA = siteLabel(Info);
  Info.Function = B.c_str();
  std::string LabelB = siteLabel(Info);
  EXPECT_LE(LabelA.size(), 60u);
  EXPECT_NE(LabelA, LabelB);
  EXPECT_EQ(LabelA.rfind("s[T = std::vector", 0), 0u) << LabelA;
}

} // namespace
} // namespace autotune
