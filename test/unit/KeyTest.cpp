// key(...): every key value not seen before is tuned again; a key seen
// before is not.
#include "TestSupport.h"

namespace autotune {
namespace {

using KeyTest = RuntimeTest;

TEST_F(KeyTest, NewKeyTunesAgainWithItsOwnWinner) {
  FakeBackend B;
  long long Size = 0;
  // Small sizes favour X=1, large ones X=3, tenfold.
  B.TimeOf = [&](unsigned I) {
    unsigned Best = Size < 1000 ? 0 : 2;
    return I == Best ? 1e-4 : 1e-3;
  };
  ThreePointSite S;
  Size = 10;
  S.call(&B, Size);
  EXPECT_EQ(B.lastLaunch(), 0u);
  std::size_t FirstTuning = B.timedRuns();
  Size = 100000;
  S.call(&B, Size);
  EXPECT_GT(B.timedRuns(), FirstTuning);
  EXPECT_EQ(B.lastLaunch(), 2u);
}

TEST_F(KeyTest, SameKeyDoesNotTuneAgain) {
  FakeBackend B;
  ThreePointSite S;
  S.call(&B, 7);
  S.call(&B, 8);
  std::size_t Timed = B.timedRuns();
  S.call(&B, 7);
  S.call(&B, 8);
  S.call(&B, 7);
  EXPECT_EQ(B.timedRuns(), Timed);
}

TEST_F(KeyTest, KeysWithSeveralValuesCompareEveryValue) {
  FakeBackend B;
  ThreePointSite S;
  long long A[] = {1, 2}, C[] = {1, 3};
  S.call(&B, A, 2, [](long long) {});
  std::size_t Timed = B.timedRuns();
  S.call(&B, C, 2, [](long long) {});
  EXPECT_GT(B.timedRuns(), Timed);
  Timed = B.timedRuns();
  S.call(&B, A, 2, [](long long) {});
  S.call(&B, C, 2, [](long long) {});
  EXPECT_EQ(B.timedRuns(), Timed);
}

TEST_F(KeyTest, ManyKeysEachTuneOnceAndKeepTheirWinner) {
  // Enough keys to make the site's table grow several times.
  FakeBackend B;
  long long Size = 0;
  B.TimeOf = [&](unsigned I) { return I == unsigned(Size % 3) ? 1e-4 : 1e-3; };
  ThreePointSite S;
  for (Size = 0; Size < 200; ++Size)
    S.call(&B, Size);
  std::size_t Timed = B.timedRuns();
  B.forgetRuns();
  for (Size = 0; Size < 200; ++Size)
    S.call(&B, Size);
  EXPECT_EQ(B.timedRuns(), 0u);
  std::vector<unsigned> Launches = B.launches();
  ASSERT_EQ(Launches.size(), 200u);
  for (unsigned I = 0; I < 200; ++I)
    EXPECT_EQ(Launches[I], I % 3) << "key " << I;
  EXPECT_GT(Timed, 0u);
}

enum class Wide : unsigned long long { Top = ~0ull };
enum Narrow : signed char { Minus = -1 };

// keyValue holds every key exactly in 64 bits, and keyValues says which are
// of an unsigned type, so that 2^64 - 1 is printed as such, not as -1.
TEST(KeyValuesTest, HoldEveryBitAndSayWhichAreUnsigned) {
  auto K = keyValues(keyValue(~0ull), keyValue(-1),
                     keyValue(static_cast<unsigned char>(200)), keyValue(true),
                     keyValue(Wide::Top), keyValue(Minus),
                     keyValue(9223372036854775813ull));
  EXPECT_EQ(K.Values[0], -1);
  EXPECT_TRUE(K.Unsigned[0]);
  EXPECT_EQ(K.Values[1], -1);
  EXPECT_FALSE(K.Unsigned[1]);
  EXPECT_EQ(K.Values[2], 200);
  EXPECT_TRUE(K.Unsigned[2]);
  EXPECT_EQ(K.Values[3], 1);
  EXPECT_TRUE(K.Unsigned[3]);
  EXPECT_EQ(K.Values[4], -1);
  EXPECT_TRUE(K.Unsigned[4]);
  EXPECT_EQ(K.Values[5], -1);
  EXPECT_FALSE(K.Unsigned[5]);
  EXPECT_EQ(static_cast<unsigned long long>(K.Values[6]),
            9223372036854775813ull);
  EXPECT_TRUE(K.Unsigned[6]);
}

} // namespace
} // namespace autotune
