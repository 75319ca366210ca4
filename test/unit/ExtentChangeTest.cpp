// A site runs its first winner for every later call with the same key. When
// a later call's restore(...)/verify(...) count differs from the tuned
// call's, the problem visibly changed: the runtime says so once per site,
// advising key(...), also when the winner came from the persistent cache.
#include "CacheTestSupport.h"

namespace autotune {
namespace {

using ExtentChangeTest = CacheTest;

// Calls S on Data[0, Count) with restore(Data[n]), keyless or with Key.
void callOn(ThreePointSite &S, FakeBackend &B, std::vector<int> &Data,
            long long Count, const long long *Key = nullptr) {
  Buffer Restore = restoreBuffer(Data.data(), Count, "Data[n]");
  CallArgs Args;
  Args.Restore = &Restore;
  Args.RestoreCount = 1;
  S.call(&B, Key, Key ? 1 : 0, [](long long) {}, Args);
}

TEST_F(ExtentChangeTest, KeylessSiteSaysOnceThatTheSizeChanged) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> Data(256);
  callOn(S, B, Data, 64);
  callOn(S, B, Data, 64);
  EXPECT_TRUE(logLinesWith("tuned on").empty());
  callOn(S, B, Data, 128);
  callOn(S, B, Data, 256);
  std::vector<std::string> Lines = logLinesWith("tuned on");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_EQ(Lines[0], "autotune: warning: test.cpp:1:f: 'restore(Data[n])' "
                      "covers 128 elements in this call but 64 elements in "
                      "the call it was tuned on; every call of the site runs "
                      "the winner measured for that size (add 'key(n)' to "
                      "tune each size)");
}

TEST_F(ExtentChangeTest, KeyedSiteIsAdvisedToExtendItsKey) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> Data(256);
  long long Key = 7;
  callOn(S, B, Data, 64, &Key);
  callOn(S, B, Data, 100, &Key);
  std::vector<std::string> Lines = logLinesWith("tuned on");
  ASSERT_EQ(Lines.size(), 1u);
  EXPECT_NE(Lines[0].find("every call with this key runs the winner"),
            std::string::npos);
  EXPECT_NE(Lines[0].find("(add 'n' to its 'key(...)' to tune each size)"),
            std::string::npos);
}

TEST_F(ExtentChangeTest, SameCountsSayNothing) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> Data(64);
  for (int I = 0; I < 5; ++I)
    callOn(S, B, Data, 64);
  EXPECT_TRUE(logLinesWith("warning").empty());
}

TEST_F(ExtentChangeTest, WinnerFromTheCacheIsComparedToo) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> Data(256);
  callOn(S, B, Data, 64);
  ASSERT_EQ(entryFiles().size(), 1u);
  EXPECT_NE(readText(Dir + "/" + entryFiles()[0]).find("\"extents\""),
            std::string::npos);

  nextRun();
  FakeBackend Next;
  ThreePointSite Again;
  callOn(Again, Next, Data, 200);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_EQ(logLinesWith("covers 200 elements in this call but 64 elements "
                         "in the call it was tuned on")
                .size(),
            1u);
}

TEST_F(ExtentChangeTest, CacheFileWithoutExtentsIsNotCompared) {
  FakeBackend B;
  ThreePointSite S;
  std::vector<int> Data(256);
  callOn(S, B, Data, 64);
  ASSERT_EQ(entryFiles().size(), 1u);
  // A file as written before extents were recorded.
  std::string Path = Dir + "/" + entryFiles()[0];
  CacheEntry E;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(readText(Path), E, Problem)) << Problem;
  E.Extents.clear();
  std::string Text = serializeCacheEntry(E);
  std::size_t Field = Text.find("\"extents\"");
  ASSERT_NE(Field, std::string::npos);
  Text.erase(Field, Text.find('\n', Field) + 1 - Field);
  writeText(Path, Text);

  nextRun();
  FakeBackend Next;
  ThreePointSite Again;
  callOn(Again, Next, Data, 200);
  EXPECT_EQ(Next.timedRuns(), 0u);
  EXPECT_TRUE(warnings().empty());
}

TEST(CachedExtentsTest, RoundTripThroughTheCacheFile) {
  CacheEntry E;
  E.Params = {"X"};
  E.Winner = E.Default = {1};
  E.Extents = {{"restore(a[n])", 4096}, {"verify(b[m * 2])", -1}};
  CacheEntry Back;
  std::string Problem;
  ASSERT_TRUE(parseCacheEntry(serializeCacheEntry(E), Back, Problem))
      << Problem;
  ASSERT_EQ(Back.Extents.size(), 2u);
  EXPECT_EQ(Back.Extents[0].Clause, "restore(a[n])");
  EXPECT_EQ(Back.Extents[0].Count, 4096);
  EXPECT_EQ(Back.Extents[1].Count, -1);
}

TEST(CachedExtentsTest, MalformedExtentsAreRefused) {
  CacheEntry E;
  E.Params = {"X"};
  E.Winner = E.Default = {1};
  E.Extents = {{"restore(a[n])", 1}};
  std::string Text = serializeCacheEntry(E);
  std::size_t Count = Text.find("\"count\": 1");
  ASSERT_NE(Count, std::string::npos);
  Text.replace(Count, 10, "\"count\": \"1\"");
  CacheEntry Back;
  std::string Problem;
  EXPECT_FALSE(parseCacheEntry(Text, Back, Problem));
  EXPECT_EQ(Problem, "'extents[0].count' must be an integer");
}

} // namespace
} // namespace autotune
