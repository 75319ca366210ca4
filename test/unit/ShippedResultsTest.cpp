// AUTOTUNE_RESULTS: results shipped with a program (export files, cache
// entry files, directories of them) are used after the user's own cache,
// never written; what cannot be read is warned about and skipped.
#include "CacheTestSupport.h"

#include "cache/ExportFile.h"
#include "cache/ShippedResults.h"

namespace autotune {
namespace {

class ShippedResultsTest : public CacheTest {
protected:
  // X=2 (index 1) is ten times faster for keys >= 1000, X=3 below.
  static void winnerBySize(FakeBackend &B, const long long &Key) {
    B.TimeOf = [&Key](unsigned I) {
      return I == (Key >= 1000 ? 1u : 2u) ? 1e-4 : 1e-3;
    };
  }

  // Tunes keys 4096 and 64 into the cache, writes them as an export file
  // at Path, and empties the cache: the results of "another machine".
  void exportTwoKeys(const std::string &Path) {
    FakeBackend B;
    long long Key = 0;
    winnerBySize(B, Key);
    SameSpaceSite S;
    for (long long K : {4096LL, 64LL}) {
      Key = K;
      S.call(&B, Key);
    }
    std::vector<ExportedEntry> Exported;
    for (const std::string &Name : entryFiles()) {
      ExportedEntry E;
      std::string Problem;
      ASSERT_EQ(readCacheFile(Dir + "/" + Name, E.Entry, Problem),
                ReadStatus::Ok);
      E.File = Name;
      Exported.push_back(E);
    }
    ASSERT_EQ(Exported.size(), 2u);
    writeText(Path, serializeExport(Exported));
    std::filesystem::remove_all(Dir);
    nextRun();
  }

  void shipping(const std::string &Paths) {
    setEnv("AUTOTUNE_RESULTS", Paths.c_str());
    nextRun();
  }
};

TEST_F(ShippedResultsTest, ExportFileIsUsedAndNeverWritten) {
  std::string Shipped = Root + "/results.json";
  exportTwoKeys(Shipped);
  std::string Before = readText(Shipped);
  shipping(Shipped);
  setEnv("AUTOTUNE_LOG", "2");
  FakeBackend B;
  long long Key = 0;
  winnerBySize(B, Key);
  SameSpaceSite S;
  S.call(&B, 4096);
  S.call(&B, 64);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 2}));
  std::vector<std::string> Used = logLinesWith("cached winner X=2");
  ASSERT_EQ(Used.size(), 1u);
  EXPECT_NE(Used[0].find("from " + Shipped + " (AUTOTUNE_RESULTS)"),
            std::string::npos)
      << Used[0];
  // A key the results do not have is tuned into the user's cache.
  Key = 10;
  S.call(&B, Key);
  EXPECT_GT(B.timedRuns(), 0u);
  EXPECT_EQ(entryFiles().size(), 1u);
  EXPECT_EQ(readText(Shipped), Before);
  EXPECT_TRUE(warnings().empty());
}

TEST_F(ShippedResultsTest, UserCacheComesFirst) {
  std::string Shipped = Root + "/results.json";
  exportTwoKeys(Shipped);
  FakeBackend Local;
  Local.TimeOf = [](unsigned I) { return I == 0 ? 1e-4 : 1e-3; };
  SameSpaceSite Mine;
  Mine.call(&Local, 4096); // the user's own result: X=1
  shipping(Shipped);
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 4096);
  S.call(&B, 64);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0, 2}));
}

TEST_F(ShippedResultsTest, DirectoryOfCacheFilesAndEarlierPathWins) {
  std::string Shipped = Root + "/results.json";
  exportTwoKeys(Shipped);
  // A directory holding cache files whose winner for 4096 is X=1.
  FakeBackend Other;
  Other.TimeOf = [](unsigned I) { return I == 0 ? 1e-4 : 1e-3; };
  SameSpaceSite First;
  First.call(&Other, 4096);
  std::string ShippedDir = Root + "/shipped-dir";
  std::filesystem::rename(Dir, ShippedDir);
  shipping(ShippedDir + ":" + Shipped);
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 4096); // the directory, named first
  S.call(&B, 64);   // only in the export file
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{0, 2}));
}

TEST_F(ShippedResultsTest, UnreadablePathsAreWarnedAboutOnce) {
  std::string Shipped = Root + "/results.json";
  exportTwoKeys(Shipped);
  // The second element damaged: the first is still used.
  std::string Text = readText(Shipped);
  std::size_t Second = Text.rfind("\"key\"");
  ASSERT_NE(Second, std::string::npos);
  Text.replace(Second, 5, "\"kex\"");
  writeText(Shipped, Text);
  shipping(Root + "/missing.json:" + Shipped);
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 4096);
  S.call(&B, 4096);
  std::vector<std::string> W = warnings();
  ASSERT_EQ(W.size(), 2u);
  EXPECT_NE(
      W[0].find("AUTOTUNE_RESULTS: " + Root + "/missing.json: does not exist"),
      std::string::npos)
      << W[0];
  EXPECT_NE(W[1].find("entry 2"), std::string::npos) << W[1];
  EXPECT_NE(W[1].find("the valid entries are used"), std::string::npos) << W[1];
}

TEST_F(ShippedResultsTest, NearestKeyComesFromShippedResultsToo) {
  std::string Shipped = Root + "/results.json";
  exportTwoKeys(Shipped);
  shipping(Shipped);
  setEnv("AUTOTUNE", "cached");
  FakeBackend B;
  SameSpaceSite S;
  S.call(&B, 5000);
  S.call(&B, 50);
  EXPECT_EQ(B.timedRuns(), 0u);
  EXPECT_EQ(B.launches(), (std::vector<unsigned>{1, 2}));
}

} // namespace
} // namespace autotune
