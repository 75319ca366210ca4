// Damaged, foreign and hostile cache files, and a cache that cannot be
// written: each gives one `autotune: warning:` line, then the site tunes as
// if there were no cache and launches the true winner, never the stored one.
#include "CacheTestSupport.h"

#include <nlohmann/json.hpp>

#include <fcntl.h>

namespace autotune {
namespace {

class CacheRobustnessTest : public CacheTest {
protected:
  // An earlier run left a valid entry whose winner is X=3; this run's
  // device makes X=2 the winner. Returns the entry's path and text.
  void SetUp() override {
    CacheTest::SetUp();
    FakeBackend Earlier;
    Earlier.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
    SameSpaceSite S;
    S.call(&Earlier, 7);
    Path = pathFor(S.Info, 7);
    Valid = readText(Path);
    ASSERT_FALSE(Valid.empty());
    nextRun();
  }

  // Runs the site once with the cache file as the test left it; expects
  // one warning containing Expected, a tuning, and the true winner.
  void expectTunedDespite(const std::string &Expected) {
    FakeBackend B;
    B.TimeOf = secondIsFastest;
    SameSpaceSite S;
    S.call(&B, 7);
    EXPECT_GT(B.timedRuns(), 0u);
    EXPECT_EQ(B.lastLaunch(), 1u);
    std::vector<std::string> W = warnings();
    ASSERT_EQ(W.size(), 1u) << (W.empty() ? "no warning" : W.back());
    EXPECT_NE(W[0].find(Expected), std::string::npos) << W[0];
    EXPECT_NE(W[0].find(Path), std::string::npos) << W[0];
    S.call(&B, 7); // from memory now: no second warning
    EXPECT_EQ(warnings().size(), 1u);
  }

  // The damaged file was replaced by this run's result.
  void expectRepaired() {
    CacheEntry E;
    std::string Problem;
    ASSERT_EQ(readCacheFile(Path, E, Problem), ReadStatus::Ok) << Problem;
    EXPECT_EQ(E.Winner, std::vector<long long>{2});
  }

  void editJson(const std::function<void(nlohmann::json &)> &Edit) {
    nlohmann::json J = nlohmann::json::parse(Valid);
    Edit(J);
    writeText(Path, J.dump(2));
  }

  std::string Path, Valid;
};

TEST_F(CacheRobustnessTest, TruncatedFile) {
  writeText(Path, Valid.substr(0, Valid.size() / 2));
  expectTunedDespite("not valid JSON");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, EmptyFile) {
  writeText(Path, "");
  expectTunedDespite("empty file");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, CorruptFileIsNotJson) {
  writeText(Path, std::string("\x7f"
                              "ELF\x00\x01 garbage {\"winner\"",
                              25));
  expectTunedDespite("not valid JSON");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, WrongFormatVersion) {
  editJson([](nlohmann::json &J) { J["version"] = 3; });
  expectTunedDespite("format version 3, this autotune reads versions 1 and 2");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, ForeignJsonFile) {
  writeText(Path, "{\"name\": \"package.json\", \"version\": \"1.0.0\"}");
  expectTunedDespite("not a cache entry");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, WrongTypeOfTopLevel) {
  writeText(Path, "[1, 2, 3]");
  expectTunedDespite("not a cache entry");
}

TEST_F(CacheRobustnessTest, WrongTypeOfSite) {
  editJson([](nlohmann::json &J) { J["site"] = "test.cpp:1:f"; });
  expectTunedDespite("'site' must be an object");
}

TEST_F(CacheRobustnessTest, WrongTypeOfKey) {
  editJson([](nlohmann::json &J) { J["key"] = nlohmann::json::array({"7"}); });
  expectTunedDespite("'key[0]' must be an integer");
}

TEST_F(CacheRobustnessTest, WrongTypeOfWinnerValue) {
  editJson([](nlohmann::json &J) { J["winner"]["X"] = 3.0; });
  expectTunedDespite("'winner.X' must be an integer");
}

TEST_F(CacheRobustnessTest, WinnerWithoutItsParameter) {
  editJson([](nlohmann::json &J) { J["winner"] = {{"Y", 3}}; });
  expectTunedDespite("'winner' has no value for 'X'");
}

TEST_F(CacheRobustnessTest, NegativeSample) {
  editJson([](nlohmann::json &J) { J["variants"][0]["samples"][0] = -1; });
  expectTunedDespite("must be finite and not negative");
}

TEST_F(CacheRobustnessTest, MissingField) {
  editJson([](nlohmann::json &J) { J["device"].erase("driver"); });
  expectTunedDespite("missing 'device.driver'");
}

TEST_F(CacheRobustnessTest, HugeFile) {
  // A valid entry, padded past the 1 MiB limit: not even parsed.
  writeText(Path, Valid + std::string(MaxCacheFileBytes, ' '));
  expectTunedDespite("is larger than 1048576 bytes");
  expectRepaired();
}

TEST_F(CacheRobustnessTest, UnreadableFile) {
  if (runningAsRoot())
    GTEST_SKIP() << "running as root: chmod 000 does not stop root reading";
  ASSERT_EQ(::chmod(Path.c_str(), 0), 0);
  expectTunedDespite("cannot open: Permission denied");
  expectRepaired(); // rename replaces the entry, not its content
}

TEST_F(CacheRobustnessTest, SymbolicLinkIsNotFollowed) {
  // The link points at a valid entry (winner X=3): followed, it would be
  // trusted. It is refused; the file it points at stays as it was.
  std::string Target = Root + "/elsewhere.json";
  writeText(Target, Valid);
  ASSERT_EQ(::unlink(Path.c_str()), 0);
  ASSERT_EQ(::symlink(Target.c_str(), Path.c_str()), 0);
  expectTunedDespite("is a symbolic link");
  EXPECT_EQ(readText(Target), Valid);
  struct stat Status;
  ASSERT_EQ(::lstat(Path.c_str(), &Status), 0);
  EXPECT_TRUE(S_ISREG(Status.st_mode)); // the link was replaced, not written
}

TEST_F(CacheRobustnessTest, DanglingSymbolicLink) {
  ASSERT_EQ(::unlink(Path.c_str()), 0);
  ASSERT_EQ(::symlink((Root + "/nothing").c_str(), Path.c_str()), 0);
  expectTunedDespite("is a symbolic link");
  EXPECT_FALSE(std::filesystem::exists(Root + "/nothing"));
}

TEST_F(CacheRobustnessTest, DirectoryInPlaceOfTheFile) {
  // Neither read nor replaced: a warning for each.
  ASSERT_EQ(::unlink(Path.c_str()), 0);
  ASSERT_EQ(::mkdir(Path.c_str(), 0700), 0);
  FakeBackend B;
  B.TimeOf = secondIsFastest;
  SameSpaceSite S;
  S.call(&B, 7);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(B.lastLaunch(), 1u);
  std::vector<std::string> W = warnings();
  ASSERT_EQ(W.size(), 2u);
  EXPECT_NE(W[0].find("is not a regular file"), std::string::npos) << W[0];
  EXPECT_NE(W[1].find("cannot write the tuning cache"), std::string::npos)
      << W[1];
}

TEST_F(CacheRobustnessTest, FifoInPlaceOfTheFileDoesNotHang) {
  ASSERT_EQ(::unlink(Path.c_str()), 0);
  ASSERT_EQ(::mkfifo(Path.c_str(), 0600), 0);
  expectTunedDespite("is not a regular file");
}

// --- A cache that cannot be written -----------------------------------------

class CacheUnwritableTest : public CacheTest {
protected:
  // Two sites, two keys each: four tunings, one warning.
  void expectOneWarningAndCorrectTunings(const std::string &Expected) {
    FakeBackend B;
    B.TimeOf = secondIsFastest;
    SameSpaceSite A;
    SameSpaceSite C("test.cpp:2:g");
    for (long long Key : {1, 2}) {
      A.call(&B, Key);
      EXPECT_EQ(B.lastLaunch(), 1u);
      C.call(&B, Key);
      EXPECT_EQ(B.lastLaunch(), 1u);
    }
    std::vector<std::string> W = warnings();
    ASSERT_EQ(W.size(), 1u);
    EXPECT_EQ(W[0].rfind("autotune: warning: cannot write the tuning cache", 0),
              0u)
        << W[0];
    EXPECT_NE(W[0].find(Expected), std::string::npos) << W[0];
  }
};

TEST_F(CacheUnwritableTest, DirectoryUnderARegularFile) {
  // Fails for root too.
  writeText(Root + "/file", "x");
  setEnv("AUTOTUNE_CACHE_DIR", (Root + "/file/cache").c_str());
  expectOneWarningAndCorrectTunings("Not a directory");
}

TEST_F(CacheUnwritableTest, ReadOnlyDirectory) {
  if (runningAsRoot())
    GTEST_SKIP() << "running as root: a read-only directory is writable";
  ASSERT_EQ(::mkdir(Dir.c_str(), 0500), 0);
  expectOneWarningAndCorrectTunings("Permission denied");
}

TEST_F(CacheUnwritableTest, ReadOnlyDirectoryStillServesItsEntries) {
  if (runningAsRoot())
    GTEST_SKIP() << "running as root: a read-only directory is writable";
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  SameSpaceSite S;
  S.call(&B, 7);
  nextRun();
  ASSERT_EQ(::chmod(Dir.c_str(), 0500), 0);
  FakeBackend Next;
  SameSpaceSite Again;
  Again.call(&Next, 7);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(Next.lastLaunch(), 2u);
  EXPECT_TRUE(warnings().empty());
}

TEST_F(CacheUnwritableTest, NoLocationAtAll) {
  unsetenv("AUTOTUNE_CACHE_DIR");
  unsetenv("XDG_CACHE_HOME");
  std::string Home = getenv("HOME") ? getenv("HOME") : "";
  unsetenv("HOME");
  testing::reloadEnvironment();
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 1);
  S.call(&B, 2);
  if (!Home.empty())
    setenv("HOME", Home.c_str(), 1);
  std::vector<std::string> W = warnings();
  ASSERT_EQ(W.size(), 1u);
  EXPECT_NE(W[0].find("no tuning cache"), std::string::npos) << W[0];
}

} // namespace
} // namespace autotune
