// The export format on its own: what serializeExport() writes reads back to
// the same entries, a single cache file's text reads as one entry, and every
// element that is not a valid entry is named in a problem of its own.
#include "cache/ExportFile.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace autotune {
namespace {

CacheEntry entryOf(const std::string &Site, long long Key) {
  CacheEntry E;
  E.Site = Site;
  E.Name = Site;
  E.Function = "int main()";
  E.File = "main.cpp";
  E.Line = 7;
  E.Fingerprint = 0x0123456789abcdefull;
  E.Pragma = "space(X = {1, 2}) key(n)";
  E.Statement = "work<X>(n);";
  E.Params = {"X"};
  E.DeviceModel = "host (x86-64)";
  E.Key = {Key};
  E.Winner = {2};
  E.Default = {1};
  E.SpeedUp = 1.5;
  for (long long X : {1, 2}) {
    CachedVariant V;
    V.Point = {X};
    V.Status = "ok";
    V.Samples = {0.25 / X, 0.5 / X};
    V.Median = 0.25 / X;
    E.Variants.push_back(V);
  }
  E.TunedAt = "2026-01-31T12:00:00Z";
  E.TuningSeconds = 0.75;
  return E;
}

// An entry equals another when it is written as the same cache file text.
void expectSameEntries(const std::vector<CacheEntry> &A,
                       const std::vector<CacheEntry> &B) {
  ASSERT_EQ(A.size(), B.size());
  for (std::size_t I = 0; I < A.size(); ++I)
    EXPECT_EQ(serializeCacheEntry(A[I]), serializeCacheEntry(B[I]));
}

std::string exportOf(const std::vector<CacheEntry> &Entries) {
  std::vector<ExportedEntry> Exported;
  for (const CacheEntry &E : Entries)
    Exported.push_back({E, E.Site + "-0123456789abcdef.json"});
  return serializeExport(Exported);
}

TEST(ExportFileTest, WrittenExportReadsBackExactly) {
  // Commas, brackets and quotes inside strings do not cut the array.
  std::vector<CacheEntry> Written = {entryOf("saxpy", 4096),
                                     entryOf("a, [b] \"c\" {d}\\\x7f\x01", -3)};
  std::string Text = exportOf(Written);
  EXPECT_EQ(Text.back(), '\n');
  for (char C : Text)
    EXPECT_TRUE(C == '\n' || (C >= 0x20 && C < 0x7f)) << int(C);
  nlohmann::json J = nlohmann::json::parse(Text);
  ASSERT_TRUE(J.is_array());
  EXPECT_EQ(J[0]["file"], "saxpy-0123456789abcdef.json");

  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  EXPECT_TRUE(parseExportText(Text, Read, Problems));
  EXPECT_TRUE(Problems.empty());
  expectSameEntries(Written, Read);
}

TEST(ExportFileTest, SingleCacheFileIsOneEntry) {
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  CacheEntry E = entryOf("saxpy", 1);
  EXPECT_TRUE(parseExportText(serializeCacheEntry(E), Read, Problems));
  EXPECT_TRUE(Problems.empty());
  expectSameEntries({E}, Read);
}

TEST(ExportFileTest, EmptyArrayHasNoEntries) {
  std::vector<CacheEntry> Read = {entryOf("left over", 1)};
  std::vector<std::string> Problems = {"left over"};
  EXPECT_TRUE(parseExportText(" [ ]\n", Read, Problems));
  EXPECT_TRUE(Read.empty());
  EXPECT_TRUE(Problems.empty());
}

TEST(ExportFileTest, EachBadElementIsNamed) {
  nlohmann::json J = nlohmann::json::parse(
      exportOf({entryOf("good", 1), entryOf("saxpy", 2), entryOf("good", 3),
                entryOf("other", 4)}));
  J[1]["key"] = "4096";
  J[3]["version"] = 7;
  J.push_back(42);
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  EXPECT_FALSE(parseExportText(J.dump(), Read, Problems));
  EXPECT_EQ(Problems, (std::vector<std::string>{
                          "entry 2 (site 'saxpy'): 'key' must be an array of "
                          "integers",
                          "entry 4 (site 'other'): format version 7, this "
                          "autotune reads versions 1 and 2",
                          "entry 5: not a cache entry (the top level is not an "
                          "object)"}));
  // The valid entries are still read, for a caller that wants them.
  expectSameEntries({entryOf("good", 1), entryOf("good", 3)}, Read);
}

TEST(ExportFileTest, WhatAFileMayNotHoldIsRefusedInAnElement) {
  std::string Entry = serializeCacheEntry(entryOf("twice", 1));
  // A key twice: readers disagree on which value counts.
  std::string Twice = Entry;
  Twice.insert(Twice.find('{') + 1, "\"key\": [1],");
  std::string Deep = "[" + std::string(40, '[') + std::string(40, ']') + "]";
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  EXPECT_FALSE(
      parseExportText("[" + Entry + "," + Twice + "]", Read, Problems));
  EXPECT_EQ(Problems, (std::vector<std::string>{
                          "entry 2 (site 'twice'): duplicate key 'key'"}));
  EXPECT_FALSE(parseExportText(Deep, Read, Problems));
  EXPECT_EQ(Problems, (std::vector<std::string>{
                          "entry 1: not a cache entry (nested too deeply)"}));
}

TEST(ExportFileTest, NotAnExportIsOneProblem) {
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  for (const char *Text : {"", "[{\"format\": ", "not json", "\xff"}) {
    EXPECT_FALSE(parseExportText(Text, Read, Problems)) << Text;
    ASSERT_EQ(Problems.size(), 1u);
    EXPECT_TRUE(Problems[0] == "empty file" ||
                Problems[0] == "not valid JSON (truncated or corrupt)")
        << Problems[0];
  }
  for (const char *Text : {"42", "\"entries\"", "null"}) {
    EXPECT_FALSE(parseExportText(Text, Read, Problems)) << Text;
    EXPECT_EQ(Problems, (std::vector<std::string>{
                            "not an export of a cache (expected a JSON array "
                            "of entries, or one entry)"}));
  }
  EXPECT_FALSE(
      parseExportText(std::string(MaxExportBytes + 1, ' '), Read, Problems));
  EXPECT_EQ(Problems, (std::vector<std::string>{
                          "larger than 64 MiB: not an export of a cache"}));
  EXPECT_TRUE(Read.empty());
}

TEST(ExportFileTest, TooManyEntriesAreRefused) {
  std::string Text = "[0";
  for (std::size_t I = 0; I < MaxExportEntries; ++I)
    Text += ",0";
  Text += "]";
  std::vector<CacheEntry> Read;
  std::vector<std::string> Problems;
  EXPECT_FALSE(parseExportText(Text, Read, Problems));
  EXPECT_EQ(Problems, (std::vector<std::string>{
                          "more than 100000 entries: not an export of a "
                          "cache"}));
}

} // namespace
} // namespace autotune
