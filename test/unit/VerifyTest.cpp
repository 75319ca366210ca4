// verify(...): a variant whose output differs from the default point's is
// rejected and reported, and never chosen however fast it is.
#include "TestSupport.h"

#include "measure/OutputCheck.h"

#include <cmath>
#include <cstdint>
#include <limits>

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
  Args.RelTolerance = 1e-6;
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

// sameElements over one element of each side, with its Problem.
template <class T>
bool sameOne(ElementKind Kind, T Got, T Want, Tolerance Tol,
             std::string &Problem) {
  return sameElements(Kind, sizeof(T), reinterpret_cast<unsigned char *>(&Got),
                      reinterpret_cast<unsigned char *>(&Want), sizeof(T), Tol,
                      "y[n]", Problem);
}

const Tolerance Float32Defaults = defaultTolerance(ElementKind::Float32);
const Tolerance Float64Defaults = defaultTolerance(ElementKind::Float64);

TEST(SameElementsTest, IntegersCompareExactly) {
  std::int32_t A[] = {1, 2, 3}, E[] = {1, 2, 4};
  std::string Problem;
  Tolerance Loose{0.5, 10};
  EXPECT_TRUE(sameElements(
      ElementKind::Integer, 4, reinterpret_cast<unsigned char *>(A),
      reinterpret_cast<unsigned char *>(A), sizeof A, Loose, "a", Problem));
  EXPECT_FALSE(sameElements(
      ElementKind::Integer, 4, reinterpret_cast<unsigned char *>(A),
      reinterpret_cast<unsigned char *>(E), sizeof A, Loose, "a", Problem));
  EXPECT_EQ(Problem, "'a' element 2 is 3, the default point gives 4");
  std::int8_t Minus = -3, Plus = 3;
  EXPECT_FALSE(sameOne(ElementKind::Integer, Minus, Plus, Loose, Problem));
  EXPECT_EQ(Problem, "'y[n]' element 0 is -3, the default point gives 3");
}

TEST(SameElementsTest, RejectionSaysBothValuesDifferencesAndBounds) {
  std::string Problem;
  EXPECT_FALSE(
      sameOne(ElementKind::Float32, 2.5f, 1.25f, Float32Defaults, Problem));
  EXPECT_EQ(Problem,
            "'y[n]' element 0 is 2.5, the default point gives 1.25: "
            "difference 1.25 (relative 1) exceeds atol 1e-05 + rtol 1.3e-06 "
            "x |1.25| = 1.1625e-05 (beyond both bounds)");
}

TEST(SameElementsTest, FloatsWithinEitherBoundPass) {
  std::string Problem;
  // rtol: 1000 and 1000.001 are 1e-6 apart, relatively.
  EXPECT_TRUE(sameOne(ElementKind::Float32, 1000.001f, 1000.0f,
                      Tolerance{1e-5, 0}, Problem));
  EXPECT_FALSE(sameOne(ElementKind::Float32, 1001.0f, 1000.0f,
                       Tolerance{1e-5, 0}, Problem));
  // An SpMV whose fast points sum in another order: 1.7e-6 apart on values
  // of 0.016 with rtol 1e-4, which a relative bound alone rejects.
  Tolerance Spmv = toleranceFor(ElementKind::Float32, 1e-4, -1);
  EXPECT_TRUE(sameOne(ElementKind::Float32, 0.0160017f, 0.016f, Spmv, Problem))
      << Problem;
  EXPECT_FALSE(sameOne(ElementKind::Float32, 0.0160017f, 0.016f,
                       Tolerance{1e-4, 0}, Problem));
}

TEST(SameElementsTest, NearZeroValuesPassWithinAtol) {
  // Gradients near zero in a training program: relatively 2.5% apart.
  std::string Problem;
  EXPECT_TRUE(sameOne(ElementKind::Float64, -2.04e-15, -1.99e-15,
                      Float64Defaults, Problem))
      << Problem;
  EXPECT_TRUE(
      sameOne(ElementKind::Float32, 3e-6f, 0.0f, Float32Defaults, Problem))
      << Problem;
  EXPECT_FALSE(
      sameOne(ElementKind::Float32, 3e-5f, 0.0f, Float32Defaults, Problem));
  EXPECT_EQ(Problem, "'y[n]' element 0 is 3e-05, the default point gives 0: "
                     "difference 3e-05 exceeds atol 1e-05 (rtol adds nothing "
                     "where the default point gives 0)");
}

TEST(SameElementsTest, RelativeOnlyFailureSaysAtolIsZero) {
  std::string Problem;
  EXPECT_FALSE(
      sameOne(ElementKind::Float64, 1.001, 1.0, Tolerance{1e-4, 0}, Problem));
  EXPECT_EQ(Problem, "'y[n]' element 0 is 1.001, the default point gives 1: "
                     "difference 0.001 (relative 0.001) exceeds rtol 0.0001 x "
                     "|1| = 0.0001 (atol is 0)");
  EXPECT_FALSE(
      sameOne(ElementKind::Float64, 1.001, 1.0, Tolerance{0, 1e-4}, Problem));
  EXPECT_NE(Problem.find("exceeds atol 0.0001 (rtol is 0)"), std::string::npos)
      << Problem;
}

TEST(SameElementsTest, BothBoundsZeroMeanExact) {
  std::string Problem;
  double One = 1.0, Next = std::nextafter(1.0, 2.0);
  EXPECT_TRUE(sameOne(ElementKind::Float64, One, One, Tolerance{}, Problem));
  EXPECT_FALSE(sameOne(ElementKind::Float64, Next, One, Tolerance{}, Problem));
  EXPECT_NE(Problem.find("is 1.0000000000000002, the default point gives 1"),
            std::string::npos)
      << Problem;
  EXPECT_NE(Problem.find("where atol and rtol are 0 (an exact match)"),
            std::string::npos)
      << Problem;
}

TEST(SameElementsTest, NaNInBothPasses) {
  double N = std::numeric_limits<double>::quiet_NaN();
  // Another NaN payload: still NaN where the default point has NaN.
  double OtherNaN = -std::numeric_limits<double>::quiet_NaN();
  std::string Problem;
  EXPECT_TRUE(sameOne(ElementKind::Float64, N, N, Float64Defaults, Problem));
  EXPECT_TRUE(
      sameOne(ElementKind::Float64, OtherNaN, N, Float64Defaults, Problem));
  float NF = std::numeric_limits<float>::quiet_NaN();
  EXPECT_TRUE(sameOne(ElementKind::Float32, NF, NF, Float32Defaults, Problem));
}

TEST(SameElementsTest, NaNOnOneSideFails) {
  double N = std::numeric_limits<double>::quiet_NaN();
  std::string Problem;
  EXPECT_FALSE(
      sameOne(ElementKind::Float64, N, 1.25, Float64Defaults, Problem));
  EXPECT_EQ(Problem,
            "'y[n]' element 0 is NaN where the default point gives 1.25");
  EXPECT_FALSE(
      sameOne(ElementKind::Float64, 1.25, N, Float64Defaults, Problem));
  EXPECT_EQ(Problem,
            "'y[n]' element 0 is 1.25 where the default point gives NaN");
}

TEST(SameElementsTest, InfinitiesMustBeEqual) {
  float Inf = std::numeric_limits<float>::infinity();
  std::string Problem;
  Tolerance Loose{1, 1};
  EXPECT_TRUE(sameOne(ElementKind::Float32, Inf, Inf, Loose, Problem));
  EXPECT_TRUE(sameOne(ElementKind::Float32, -Inf, -Inf, Loose, Problem));
  EXPECT_FALSE(sameOne(ElementKind::Float32, -Inf, Inf, Loose, Problem));
  EXPECT_EQ(Problem, "'y[n]' element 0 is -inf, the default point gives inf: "
                     "infinities must be equal");
  EXPECT_FALSE(sameOne(ElementKind::Float32, Inf, 1e30f, Loose, Problem));
  EXPECT_EQ(Problem,
            "'y[n]' element 0 is inf where the default point gives 1e+30");
  EXPECT_FALSE(sameOne(ElementKind::Float32, 1e30f, Inf, Loose, Problem));
}

TEST(SameElementsTest, HalfAndBFloat16AreDecoded) {
  // 1.0 and 1.0009765625 (the next half): relatively 1e-3 apart.
  std::uint16_t HalfOne = 0x3c00, HalfNext = 0x3c01;
  // bfloat16 1.0 and 1.0078125.
  std::uint16_t BfOne = 0x3f80, BfNext = 0x3f81;
  std::string Problem;
  EXPECT_TRUE(sameOne(ElementKind::Float16, HalfNext, HalfOne,
                      Tolerance{1e-2, 0}, Problem));
  EXPECT_FALSE(sameOne(ElementKind::Float16, HalfNext, HalfOne,
                       Tolerance{1e-4, 0}, Problem));
  EXPECT_NE(Problem.find("is 1.0009766, the default point gives 1"),
            std::string::npos)
      << Problem;
  EXPECT_TRUE(sameOne(ElementKind::BFloat16, BfNext, BfOne, Tolerance{1e-2, 0},
                      Problem));
  EXPECT_FALSE(sameOne(ElementKind::BFloat16, BfNext, BfOne, Tolerance{1e-3, 0},
                       Problem));
  // Subnormal, infinite and NaN halves.
  EXPECT_EQ(halfToFloat(0x0001), 5.9604644775390625e-08f);
  EXPECT_EQ(halfToFloat(0x8400), -6.103515625e-05f);
  EXPECT_EQ(halfToFloat(0x7c00), std::numeric_limits<float>::infinity());
  EXPECT_TRUE(std::isnan(halfToFloat(0x7e00)));
  EXPECT_EQ(halfToFloat(0x7bff), 65504.0f);
}

TEST(SameElementsTest, BytesCompareBytewise) {
  unsigned char A[] = {1, 2, 3, 4}, E[] = {1, 2, 3, 5};
  std::string Problem;
  EXPECT_FALSE(sameElements(ElementKind::Bytes, 2, A, E, 4, Tolerance{1, 1},
                            "s", Problem));
  EXPECT_EQ(Problem, "'s' element 1 is 0x0304, the default point gives 0x0305");
}

TEST(ToleranceTest, DefaultsFollowTheElementType) {
  EXPECT_EQ(defaultTolerance(ElementKind::Float16).Rel, 1e-3);
  EXPECT_EQ(defaultTolerance(ElementKind::Float16).Abs, 1e-5);
  EXPECT_EQ(defaultTolerance(ElementKind::BFloat16).Rel, 1.6e-2);
  EXPECT_EQ(defaultTolerance(ElementKind::Float32).Rel, 1.3e-6);
  EXPECT_EQ(defaultTolerance(ElementKind::Float32).Abs, 1e-5);
  EXPECT_EQ(defaultTolerance(ElementKind::Float64).Rel, 1e-7);
  EXPECT_EQ(defaultTolerance(ElementKind::Float64).Abs, 1e-7);
  EXPECT_EQ(defaultTolerance(ElementKind::Integer).Rel, 0);
}

TEST(ToleranceTest, AGivenBoundReplacesOnlyItsDefault) {
  Tolerance T = toleranceFor(ElementKind::Float64, 1e-4, -1);
  EXPECT_EQ(T.Rel, 1e-4);
  EXPECT_EQ(T.Abs, 1e-7);
  T = toleranceFor(ElementKind::Float16, -1, 0);
  EXPECT_EQ(T.Rel, 1e-3);
  EXPECT_EQ(T.Abs, 0);
}

// A backend whose "device" is host memory: it compares verify buffers
// itself (compareOnDevice), and counts the bytes it copies to the host.
class ComparingBackend : public FakeBackend {
public:
  bool CanCompare = true;      // false: compareOnDevice fails
  unsigned Allocations = ~0u;  // allocateLike's that find memory
  std::size_t BytesToHost = 0; // copied by copyToHost
  unsigned Comparisons = 0;

  bool comparesOnDevice() const override { return true; }
  MemoryExtent memoryAt(const void *Data) override {
    MemoryExtent E = Backend::memoryAt(Data);
    E.Where = MemoryExtent::Kind::Device;
    E.AllocationBytes = E.BytesFrom;
    E.AllocationBase = Data;
    return E;
  }
  std::unique_ptr<CopyMemory> allocateLike(const Buffer &B,
                                           void *Stream) override {
    if (Allocations == 0)
      return nullptr;
    --Allocations;
    return Backend::allocateLike(B, Stream);
  }
  CopyResult copyToHost(void *To, const void *From, std::size_t Bytes,
                        void *Stream) override {
    BytesToHost += Bytes;
    return Backend::copyToHost(To, From, Bytes, Stream);
  }
  DeviceComparison compareOnDevice(const Buffer &Output, const void *Reference,
                                   Tolerance Tol, void *, void *) override {
    DeviceComparison Result;
    ++Comparisons;
    if (!CanCompare) {
      Result.Error = "cudaErrorLaunchOutOfResources: too many resources";
      return Result;
    }
    Result.Compared = true;
    const auto *Got = static_cast<const float *>(Output.Data);
    const auto *Want = static_cast<const float *>(Reference);
    for (std::size_t I = 0; I < Output.Bytes / sizeof(float); ++I)
      if (!closeEnough(Got[I], Want[I], Tol)) {
        Result.Same = false;
        Result.FirstDifference = I;
        break;
      }
    return Result;
  }
};

// A default point and two variants over 1024 floats: X=2 within the
// defaults' atol of the default point (element 1000), X=3 beyond it and the
// fastest; run() tunes them once on B.
struct DeviceCheckCase {
  ThreePointSite S;
  std::vector<float> Out = std::vector<float>(1024, 0.0f);
  Buffer Verify[1] = {verifyBuffer(Out.data(), 1024, "Out[1024]")};
  CallArgs Args;
  long long Key = 1024;
  DeviceCheckCase() {
    Args.Verify = Verify;
    Args.VerifyCount = 1;
  }
  void run(FakeBackend &B) {
    B.TimeOf = [](unsigned I) { return I == 2 ? 1e-5 : I == 1 ? 1e-4 : 1e-3; };
    S.call(
        &B, &Key, 1,
        [&](long long X) {
          for (std::size_t I = 0; I < Out.size(); ++I)
            Out[I] = 0.5f * static_cast<float>(I % 7);
          Out[1000] += X == 2 ? 5e-6f : X == 3 ? 0.25f : 0.0f;
        },
        Args);
  }
};

TEST_F(VerifyTest, DeviceBuffersAreComparedOnTheDevice) {
  ComparingBackend B;
  DeviceCheckCase().run(B);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(B.Comparisons, 2u);
  // Only the element that differs came back, one float of each side.
  EXPECT_EQ(B.BytesToHost, 2 * sizeof(float));
  std::vector<std::string> Rejected = logLinesWith("rejected");
  ASSERT_EQ(Rejected.size(), 1u);
  EXPECT_NE(Rejected[0].find("'Out[1024]' element 1000 is 3.25, the default "
                             "point gives 3: difference 0.25"),
            std::string::npos)
      << Rejected[0];
  EXPECT_TRUE(logLinesWith("on the host").empty());
}

TEST_F(VerifyTest, FailedDeviceComparisonFallsBackToTheHost) {
  ComparingBackend B;
  B.CanCompare = false;
  DeviceCheckCase().run(B);
  // The same verdict as the device's: X=3 rejected, X=2 wins.
  EXPECT_EQ(B.lastLaunch(), 1u);
  ASSERT_EQ(logLinesWith("rejected").size(), 1u);
  EXPECT_NE(logLinesWith("rejected")[0].find("element 1000 is 3.25"),
            std::string::npos);
  // Tried once; the reference then moved to the host.
  EXPECT_EQ(B.Comparisons, 1u);
  std::vector<std::string> Notes =
      logLinesWith("verify(...) compared 'Out[1024]' on the host: the device "
                   "could not compare it (cudaErrorLaunchOutOfResources");
  EXPECT_EQ(Notes.size(), 1u);
}

TEST_F(VerifyTest, NoDeviceMemoryForTheReferenceComparesOnTheHost) {
  ComparingBackend B;
  B.Allocations = 1; // the restore snapshot's, not the reference's
  DeviceCheckCase().run(B);
  EXPECT_EQ(B.lastLaunch(), 1u);
  EXPECT_EQ(B.Comparisons, 0u);
  ASSERT_EQ(logLinesWith("rejected").size(), 1u);
  EXPECT_EQ(logLinesWith("verify(...) compared 'Out[1024]' on the host: no "
                         "device memory for its reference")
                .size(),
            1u);
}

} // namespace
} // namespace autotune
