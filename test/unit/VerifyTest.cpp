// verify(...): a variant whose output differs from the default point's is
// rejected and reported, and never chosen however fast it is.
#include "TestSupport.h"

#include "OutputCheck.h"

#include <cstdint>

namespace autotune {
namespace {

using VerifyTest = RuntimeTest;

TEST_F(VerifyTest, WrongVariantIsRejectedEvenIfFastest) {
  FakeBackend B;
  // X=3 is ten times faster than X=2 and a hundred times faster than X=1,
  // but computes the wrong result.
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-5 : I == 1 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  std::vector<int> In(16), Out(16, 0);
  for (int I = 0; I < 16; ++I)
    In[I] = I;
  Buffer Verify[] = {verifyBuffer(Out.data(), 16, "Out[16]")};
  CallArgs Args;
  Args.Verify = Verify;
  Args.VerifyCount = 1;
  long long Key = 16;
  auto Square = [&](long long X) {
    for (int I = 0; I < 16; ++I)
      Out[I] = In[I] * In[I] + (X == 3 && I == 7 ? 1 : 0);
  };
  S.call(&B, &Key, 1, Square, Args);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(Out[7], 49);
  std::vector<std::string> Rejected = logLinesWith("rejected");
  ASSERT_EQ(Rejected.size(), 1u);
  EXPECT_NE(Rejected[0].find("X=3"), std::string::npos) << Rejected[0];
  EXPECT_NE(Rejected[0].find("element 7 is 50"), std::string::npos)
      << Rejected[0];
  EXPECT_NE(Rejected[0].find("gives 49"), std::string::npos) << Rejected[0];
  // The rejected variant only ran once, to be checked.
  EXPECT_EQ(B.timedRunsOf(2), 1u);
}

TEST_F(VerifyTest, FloatsWithinToleranceAreAccepted) {
  FakeBackend B;
  B.TimeOf = [](unsigned I) { return I == 2 ? 1e-4 : 1e-3; };
  ThreePointSite S;
  std::vector<double> Out(4, 0.0);
  Buffer Verify[] = {verifyBuffer(Out.data(), 4, "Out[4]")};
  CallArgs Args;
  Args.Verify = Verify;
  Args.VerifyCount = 1;
  Args.Tolerance = 1e-6;
  long long Key = 4;
  // A different summation order: relative differences of 1e-9.
  S.call(
      &B, &Key, 1,
      [&](long long X) {
        for (double &V : Out)
          V = 1000.0 * (1 + 1e-9 * static_cast<double>(X));
      },
      Args);
  EXPECT_EQ(B.lastLaunch(), 2u);
  EXPECT_TRUE(logLinesWith("rejected").empty());
}

TEST(SameElementsTest, IntegersCompareExactly) {
  std::int32_t A[] = {1, 2, 3}, E[] = {1, 2, 4};
  std::string Problem;
  EXPECT_TRUE(sameElements(
      ElementKind::Integer, 4, reinterpret_cast<unsigned char *>(A),
      reinterpret_cast<unsigned char *>(A), sizeof A, 0.1, "a", Problem));
  EXPECT_FALSE(sameElements(
      ElementKind::Integer, 4, reinterpret_cast<unsigned char *>(A),
      reinterpret_cast<unsigned char *>(E), sizeof A, 0.1, "a", Problem));
  EXPECT_NE(Problem.find("element 2 is 3"), std::string::npos) << Problem;
}

TEST(SameElementsTest, FloatsUseRelativeTolerance) {
  float A[] = {1.0f, 1000.0f}, Close[] = {1.0f, 1000.001f},
        Far[] = {1.0f, 1001.0f};
  std::string Problem;
  auto Bytes = [](float *P) { return reinterpret_cast<unsigned char *>(P); };
  EXPECT_TRUE(sameElements(ElementKind::Float32, 4, Bytes(A), Bytes(Close),
                           sizeof A, 1e-5, "f", Problem));
  EXPECT_FALSE(sameElements(ElementKind::Float32, 4, Bytes(A), Bytes(Far),
                            sizeof A, 1e-5, "f", Problem));
  EXPECT_NE(Problem.find("element 1"), std::string::npos) << Problem;
}

TEST(SameElementsTest, NaNMatchesOnlyNaN) {
  double N = std::numeric_limits<double>::quiet_NaN(), One = 1.0;
  std::string Problem;
  auto Bytes = [](double *P) { return reinterpret_cast<unsigned char *>(P); };
  EXPECT_TRUE(sameElements(ElementKind::Float64, 8, Bytes(&N), Bytes(&N), 8,
                           1e-5, "d", Problem));
  EXPECT_FALSE(sameElements(ElementKind::Float64, 8, Bytes(&N), Bytes(&One), 8,
                            1e-5, "d", Problem));
}

TEST(SameElementsTest, HalfAndBFloat16AreDecoded) {
  // 1.0 and 1.0009765625 (the next half): relatively 1e-3 apart.
  std::uint16_t HalfOne = 0x3c00, HalfNext = 0x3c01;
  // bfloat16 1.0 and 1.0078125.
  std::uint16_t BfOne = 0x3f80, BfNext = 0x3f81;
  std::string Problem;
  auto Bytes = [](std::uint16_t *P) {
    return reinterpret_cast<unsigned char *>(P);
  };
  EXPECT_TRUE(sameElements(ElementKind::Float16, 2, Bytes(&HalfOne),
                           Bytes(&HalfNext), 2, 1e-2, "h", Problem));
  EXPECT_FALSE(sameElements(ElementKind::Float16, 2, Bytes(&HalfOne),
                            Bytes(&HalfNext), 2, 1e-4, "h", Problem));
  EXPECT_TRUE(sameElements(ElementKind::BFloat16, 2, Bytes(&BfOne),
                           Bytes(&BfNext), 2, 1e-2, "b", Problem));
  EXPECT_FALSE(sameElements(ElementKind::BFloat16, 2, Bytes(&BfOne),
                            Bytes(&BfNext), 2, 1e-3, "b", Problem));
}

TEST(SameElementsTest, BytesCompareBytewise) {
  unsigned char A[] = {1, 2, 3, 4}, E[] = {1, 2, 3, 5};
  std::string Problem;
  EXPECT_FALSE(sameElements(ElementKind::Bytes, 2, A, E, 4, 0.5, "s", Problem));
  EXPECT_NE(Problem.find("element 1"), std::string::npos) << Problem;
}

} // namespace
} // namespace autotune
