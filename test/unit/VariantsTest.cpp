// variants<...>(): how the runtime runs point I of a site, through the
// site's one dispatch function up to detail::SwitchedPoints points and
// through a table of functions beyond.
#include <autotune/autotune.h>

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace autotune {
namespace {

// Runs every index of a site whose statement records the point it ran.
template <class... P> std::vector<long long> runEach(Variants &Out) {
  std::vector<long long> Ran;
  auto Variant = [&](auto Chosen) {
    Ran.push_back(decltype(Chosen)::Values[0]);
  };
  Out = variants<P...>(Variant);
  for (unsigned I = 0; I < Out.Count; ++I)
    Out.run(I);
  return Ran;
}

template <std::size_t... I>
std::vector<long long> runEachOf(Variants &Out, std::index_sequence<I...>) {
  return runEach<Point<static_cast<long long>(I) * 10>...>(Out);
}

TEST(VariantsTest, SmallSpaceRunsEachPointThroughOneFunction) {
  Variants V{};
  std::vector<long long> Ran = runEach<Point<7>, Point<3>, Point<5>>(V);
  EXPECT_EQ(Ran, (std::vector<long long>{7, 3, 5}));
  EXPECT_EQ(V.Fns, nullptr);
  EXPECT_NE(V.Dispatch, nullptr);
}

TEST(VariantsTest, IndexPastTheSpaceRunsNothing) {
  int Runs = 0;
  auto Variant = [&](auto) { ++Runs; };
  Variants V = variants<Point<7>, Point<3>>(Variant);
  V.run(V.Count);
  EXPECT_EQ(Runs, 0);
  V.run(1);
  EXPECT_EQ(Runs, 1);
}

TEST(VariantsTest, SpaceAtTheBoundRunsThroughOneFunction) {
  Variants V{};
  std::vector<long long> Ran =
      runEachOf(V, std::make_index_sequence<detail::SwitchedPoints>());
  ASSERT_EQ(Ran.size(), detail::SwitchedPoints);
  for (unsigned I = 0; I < Ran.size(); ++I)
    EXPECT_EQ(Ran[I], I * 10);
  EXPECT_EQ(V.Fns, nullptr);
}

TEST(VariantsTest, LargerSpaceRunsEachPointThroughTheTable) {
  Variants V{};
  std::vector<long long> Ran =
      runEachOf(V, std::make_index_sequence<detail::SwitchedPoints + 1>());
  ASSERT_EQ(Ran.size(), detail::SwitchedPoints + 1);
  for (unsigned I = 0; I < Ran.size(); ++I)
    EXPECT_EQ(Ran[I], I * 10);
  ASSERT_NE(V.Fns, nullptr);
  EXPECT_EQ(V.Dispatch, nullptr);
}

} // namespace
} // namespace autotune
