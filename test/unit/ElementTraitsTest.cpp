// How verify(...) classifies a buffer's element type (ElementTraits): a
// class type that std::numeric_limits describes as a binary floating-point
// number of 2 bytes (PyTorch's c10::Half and c10::BFloat16 are such types)
// is compared by value within the tolerance, as float and double are, not
// bytewise.
#include "TestSupport.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace {

// Stand-ins for c10::Half and c10::BFloat16: the bits, and std::numeric_limits
// as torch's headers specialise it (the fields the classification reads).
struct HalfLike {
  std::uint16_t Bits;
};
struct BFloat16Like {
  std::uint16_t Bits;
};
// Two bytes and a numeric_limits that is not a binary floating-point type.
struct DecimalLike {
  std::uint16_t Bits;
};
struct NoLimits {
  std::uint16_t Bits;
};

} // namespace

namespace std {
template <> class numeric_limits<HalfLike> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_integer = false;
  static constexpr int radix = 2;
  static constexpr int digits = 11;
  static constexpr int max_exponent = 16;
};
template <> class numeric_limits<BFloat16Like> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_integer = false;
  static constexpr int radix = 2;
  static constexpr int digits = 8;
  static constexpr int max_exponent = 128;
};
template <> class numeric_limits<DecimalLike> {
public:
  static constexpr bool is_specialized = true;
  static constexpr bool is_integer = false;
  static constexpr int radix = 10;
  static constexpr int digits = 4;
  static constexpr int max_exponent = 16;
};
} // namespace std

namespace autotune {
namespace {

TEST(ElementTraitsTest, HalfAndBFloat16ClassesAreFloatingPoint) {
  EXPECT_EQ(ElementTraits<HalfLike>::Kind, ElementKind::Float16);
  EXPECT_EQ(ElementTraits<BFloat16Like>::Kind, ElementKind::BFloat16);
  HalfLike H[1];
  const BFloat16Like B[1] = {};
  EXPECT_EQ(verifyBuffer(H, 1, "h[1]").Kind, ElementKind::Float16);
  EXPECT_EQ(verifyBuffer(B, 1, "b[1]").Kind, ElementKind::BFloat16);
  EXPECT_EQ(restoreBuffer(H, 1, "h[1]").Kind, ElementKind::Float16);
}

TEST(ElementTraitsTest, OtherTypesKeepTheirKind) {
  EXPECT_EQ(ElementTraits<NoLimits>::Kind, ElementKind::Bytes);
  EXPECT_EQ(ElementTraits<DecimalLike>::Kind, ElementKind::Bytes);
  EXPECT_EQ(ElementTraits<float>::Kind, ElementKind::Float32);
  EXPECT_EQ(ElementTraits<double>::Kind, ElementKind::Float64);
  EXPECT_EQ(ElementTraits<long double>::Kind, ElementKind::Bytes);
  EXPECT_EQ(ElementTraits<std::int16_t>::Kind, ElementKind::Integer);
  EXPECT_EQ(ElementTraits<ElementKind>::Kind, ElementKind::Integer);
}

// A site whose X=2 writes Got where the default point (X=1) writes Want
// into a verify(...) buffer of T; rejections(Name) are its log lines that
// say a variant was rejected.
class HalfVerifyTest : public RuntimeTest {
protected:
  // Each call tunes (no cache) and logs its summary line.
  void SetUp() override {
    RuntimeTest::SetUp();
    setEnv("AUTOTUNE_CACHE", "off");
    setEnv("AUTOTUNE_LOG", "1");
  }

  template <class T>
  void verifyOneElement(const char *Name, std::uint16_t Got,
                        std::uint16_t Want) {
    FakeBackend B;
    B.TimeOf = secondIsFastest;
    ThreePointSite S(0, Name);
    T Out[1] = {};
    Buffer Verify[] = {verifyBuffer(Out, 1, "Out[1]")};
    CallArgs Args;
    Args.Verify = Verify;
    Args.VerifyCount = 1;
    long long Key = 1;
    S.call(
        &B, &Key, 1, [&](long long X) { Out[0].Bits = X == 2 ? Got : Want; },
        Args);
  }
  std::vector<std::string> rejections(const std::string &Name) {
    std::vector<std::string> Found;
    for (const std::string &Line : logLinesWith(" rejected: "))
      if (Line.find(Name) != std::string::npos)
        Found.push_back(Line);
    return Found;
  }
};

TEST_F(HalfVerifyTest, OneUlpApartWithinTheDefaultsPasses) {
  // 1.0 and the next half, 1.0009765625: within half's default rtol 1e-3.
  verifyOneElement<HalfLike>("half.cpp:1:f", 0x3c01, 0x3c00);
  EXPECT_TRUE(rejections("half.cpp").empty());
  // bfloat16 1.0 and 1.0078125: within its default rtol 1.6e-2.
  verifyOneElement<BFloat16Like>("bf16.cpp:1:f", 0x3f81, 0x3f80);
  EXPECT_TRUE(rejections("bf16.cpp").empty());
  EXPECT_EQ(logLinesWith("3/3 variants").size(), 2u);
}

TEST_F(HalfVerifyTest, BeyondTheDefaultsIsRejectedByValue) {
  // 1.0 and 1.00390625 (4 ulp): beyond rtol 1e-3; reported as numbers.
  verifyOneElement<HalfLike>("half.cpp:1:f", 0x3c04, 0x3c00);
  std::vector<std::string> Rejected = rejections("half.cpp");
  ASSERT_EQ(Rejected.size(), 1u);
  EXPECT_NE(Rejected[0].find("element 0 is 1.0039062, the default point "
                             "gives 1"),
            std::string::npos)
      << Rejected[0];
}

TEST_F(HalfVerifyTest, NaNIsTreatedAsForFloat) {
  // Two NaN payloads: NaN where the default point gives NaN passes.
  verifyOneElement<HalfLike>("half.cpp:1:f", 0x7e01, 0x7e00);
  verifyOneElement<BFloat16Like>("bf16.cpp:1:f", 0xffc1, 0x7fc0);
  EXPECT_TRUE(rejections("half.cpp").empty());
  EXPECT_TRUE(rejections("bf16.cpp").empty());
  verifyOneElement<HalfLike>("nan.cpp:1:f", 0x7e00, 0x3c00);
  std::vector<std::string> Rejected = rejections("nan.cpp");
  ASSERT_EQ(Rejected.size(), 1u);
  EXPECT_NE(Rejected[0].find("is NaN where the default point gives 1"),
            std::string::npos)
      << Rejected[0];
}

} // namespace
} // namespace autotune
