// How verify(...) compares one element of a variant's output with the default
// point's: the tolerances (given, or the element type's defaults) and the
// allclose rule, the one definition that the host path (OutputCheck.cpp) and
// the device kernel (cuda/DeviceCompare.cu) both compile.
#ifndef AUTOTUNE_SRC_ELEMENTCOMPARISON_H
#define AUTOTUNE_SRC_ELEMENTCOMPARISON_H

#include "autotune/autotune.h"

#include <cstdint>
#include <cstring>

#if defined(__CUDACC__)
#define AUTOTUNE_HOST_DEVICE __host__ __device__
#else
#define AUTOTUNE_HOST_DEVICE
#endif

namespace autotune {

// The bounds of numpy's allclose: |got - want| <= Abs + Rel * |want|.
struct Tolerance {
  double Rel = 0;
  double Abs = 0;
};

// The bounds where the clause gives none: torch.testing.assert_close's, so
// that a variant passes what PyTorch's own tests accept of a kernel. Each is
// about the type's rounding of a sum taken in another order (Rel), plus an
// allowance for values that cancel to near zero (Abs), where a relative
// bound alone rejects any reordering. Integers and bytes compare exactly.
inline Tolerance defaultTolerance(ElementKind Kind) {
  switch (Kind) {
  case ElementKind::Float16:
    return {1e-3, 1e-5};
  case ElementKind::BFloat16:
    return {1.6e-2, 1e-5};
  case ElementKind::Float32:
    return {1.3e-6, 1e-5};
  case ElementKind::Float64:
    return {1e-7, 1e-7};
  default:
    return {0, 0};
  }
}

// The bounds for a buffer of Kind under a call's RelTolerance and
// AbsTolerance (CallArgs): each one given (>= 0) replaces Kind's default.
inline Tolerance toleranceFor(ElementKind Kind, double Rel, double Abs) {
  Tolerance T = defaultTolerance(Kind);
  if (Rel >= 0)
    T.Rel = Rel;
  if (Abs >= 0)
    T.Abs = Abs;
  return T;
}

// The size of an element of a floating-point Kind, 0 for the others.
AUTOTUNE_HOST_DEVICE inline std::size_t floatingSize(ElementKind Kind) {
  switch (Kind) {
  case ElementKind::Float16:
  case ElementKind::BFloat16:
    return 2;
  case ElementKind::Float32:
    return 4;
  case ElementKind::Float64:
    return 8;
  default:
    return 0;
  }
}

AUTOTUNE_HOST_DEVICE inline float floatFromBits(std::uint32_t Bits) {
  float F;
  memcpy(&F, &Bits, sizeof F);
  return F;
}

// IEEE half to float, exactly (every half is a float).
AUTOTUNE_HOST_DEVICE inline float halfToFloat(std::uint16_t H) {
  std::uint32_t Exponent = (H >> 10) & 0x1f, Mantissa = H & 0x3ff;
  float Magnitude;
  if (Exponent == 0) // zero or subnormal: Mantissa x 2^-24, exact in a float
    Magnitude = static_cast<float>(Mantissa) * 5.9604644775390625e-08f;
  else if (Exponent == 31) // infinity or NaN
    Magnitude = floatFromBits(0x7f800000u | (Mantissa << 13));
  else // rebias the exponent from 15 to 127
    Magnitude = floatFromBits(((Exponent + 112) << 23) | (Mantissa << 13));
  return (H & 0x8000) ? -Magnitude : Magnitude;
}

// The value of an element of a floating-point Kind whose bytes, read as a
// little-endian integer, are Bits.
AUTOTUNE_HOST_DEVICE inline double floatingValue(ElementKind Kind,
                                                 std::uint64_t Bits) {
  switch (Kind) {
  case ElementKind::Float16:
    return halfToFloat(static_cast<std::uint16_t>(Bits));
  case ElementKind::BFloat16:
    return floatFromBits(static_cast<std::uint32_t>(Bits & 0xffff) << 16);
  case ElementKind::Float32:
    return floatFromBits(static_cast<std::uint32_t>(Bits));
  default: {
    double D;
    memcpy(&D, &Bits, sizeof D);
    return D;
  }
  }
}

AUTOTUNE_HOST_DEVICE inline double magnitude(double X) {
  return X < 0 ? -X : X;
}
AUTOTUNE_HOST_DEVICE inline bool isNaN(double X) { return X != X; }
AUTOTUNE_HOST_DEVICE inline bool isInfinite(double X) {
  return magnitude(X) > 1.7976931348623157e308; // DBL_MAX
}

// Whether Got passes against Want: NaN in both passes (the variant
// reproduces the default point), NaN in one fails; infinities pass only
// when equal (same sign); finite values pass within the allclose bound.
AUTOTUNE_HOST_DEVICE inline bool closeEnough(double Got, double Want,
                                             Tolerance T) {
  if (isNaN(Got) || isNaN(Want))
    return isNaN(Got) && isNaN(Want);
  if (isInfinite(Got) || isInfinite(Want))
    return Got == Want;
  return magnitude(Got - Want) <= T.Abs + T.Rel * magnitude(Want);
}

} // namespace autotune

#endif // AUTOTUNE_SRC_ELEMENTCOMPARISON_H
