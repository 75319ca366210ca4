// Element-wise comparison of verify(...) outputs with the default point's.
#include "OutputCheck.h"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace autotune {
namespace {

float halfToFloat(std::uint16_t H) {
  std::uint32_t Sign = (H >> 15) & 1, Exponent = (H >> 10) & 0x1f,
                Mantissa = H & 0x3ff;
  float Magnitude;
  if (Exponent == 0)
    Magnitude = std::ldexp(static_cast<float>(Mantissa), -24);
  else if (Exponent == 31)
    Magnitude = Mantissa ? std::numeric_limits<float>::quiet_NaN()
                         : std::numeric_limits<float>::infinity();
  else
    Magnitude = std::ldexp(static_cast<float>(Mantissa | 0x400),
                           static_cast<int>(Exponent) - 25);
  return Sign ? -Magnitude : Magnitude;
}

float bfloat16ToFloat(std::uint16_t H) {
  std::uint32_t Bits = static_cast<std::uint32_t>(H) << 16;
  float F;
  std::memcpy(&F, &Bits, sizeof F);
  return F;
}

double loadFloat(ElementKind Kind, const unsigned char *P) {
  switch (Kind) {
  case ElementKind::Float16:
  case ElementKind::BFloat16: {
    std::uint16_t H;
    std::memcpy(&H, P, sizeof H);
    return Kind == ElementKind::Float16 ? halfToFloat(H) : bfloat16ToFloat(H);
  }
  case ElementKind::Float32: {
    float F;
    std::memcpy(&F, P, sizeof F);
    return F;
  }
  default: {
    double D;
    std::memcpy(&D, P, sizeof D);
    return D;
  }
  }
}

// Differences below the smallest normal number are rounding noise of
// denormals, not a wrong result.
double smallestNormal(ElementKind Kind) {
  switch (Kind) {
  case ElementKind::Float16:
    return 6.103515625e-05;
  case ElementKind::Float64:
    return std::numeric_limits<double>::min();
  default:
    return std::numeric_limits<float>::min();
  }
}

bool closeEnough(double A, double E, double Tolerance, double Floor) {
  if (std::isnan(A) || std::isnan(E))
    return std::isnan(A) && std::isnan(E);
  if (std::isinf(A) || std::isinf(E))
    return A == E;
  double Diff = std::fabs(A - E);
  return Diff <= Tolerance * std::fmax(std::fabs(A), std::fabs(E)) ||
         Diff < Floor;
}

std::string formatValue(ElementKind Kind, std::size_t ElementSize,
                        const unsigned char *P) {
  char Buffer[64];
  switch (Kind) {
  case ElementKind::Integer: {
    long long V = 0;
    if (ElementSize == 1) {
      std::int8_t X;
      std::memcpy(&X, P, 1);
      V = X;
    } else if (ElementSize == 2) {
      std::int16_t X;
      std::memcpy(&X, P, 2);
      V = X;
    } else if (ElementSize == 4) {
      std::int32_t X;
      std::memcpy(&X, P, 4);
      V = X;
    } else {
      std::memcpy(&V, P, sizeof V < ElementSize ? sizeof V : ElementSize);
    }
    std::snprintf(Buffer, sizeof Buffer, "%lld", V);
    return Buffer;
  }
  case ElementKind::Bytes: {
    std::string S = "0x";
    for (std::size_t I = 0; I < ElementSize && I < 16; ++I) {
      std::snprintf(Buffer, sizeof Buffer, "%02x", P[I]);
      S += Buffer;
    }
    return S;
  }
  default:
    std::snprintf(Buffer, sizeof Buffer, "%.9g", loadFloat(Kind, P));
    return Buffer;
  }
}

bool isFloat(ElementKind Kind) {
  return Kind == ElementKind::Float16 || Kind == ElementKind::BFloat16 ||
         Kind == ElementKind::Float32 || Kind == ElementKind::Float64;
}

} // namespace

bool sameElements(ElementKind Kind, std::size_t ElementSize,
                  const unsigned char *Actual, const unsigned char *Expected,
                  std::size_t Bytes, double Tolerance, const char *Text,
                  std::string &Problem) {
  if (ElementSize == 0)
    ElementSize = 1;
  // Most variants reproduce the reference bit for bit: one pass decides.
  if (std::memcmp(Actual, Expected, Bytes) == 0)
    return true;
  for (std::size_t Offset = 0; Offset < Bytes; Offset += ElementSize) {
    std::size_t Size =
        Bytes - Offset < ElementSize ? Bytes - Offset : ElementSize;
    const unsigned char *A = Actual + Offset, *E = Expected + Offset;
    if (std::memcmp(A, E, Size) == 0)
      continue;
    bool Same = isFloat(Kind) && Size == ElementSize &&
                closeEnough(loadFloat(Kind, A), loadFloat(Kind, E), Tolerance,
                            smallestNormal(Kind));
    if (Same)
      continue;
    Problem = std::string("'") + (Text ? Text : "?") + "' element " +
              std::to_string(Offset / ElementSize) + " is " +
              formatValue(Kind, Size, A) + ", the default point gives " +
              formatValue(Kind, Size, E);
    if (isFloat(Kind))
      Problem +=
          " (relative tolerance " +
          formatValue(ElementKind::Float64, 8,
                      reinterpret_cast<const unsigned char *>(&Tolerance)) +
          ")";
    return false;
  }
  return true;
}

bool OutputCheck::takeReference(std::string &Problem) {
  Reference.assign(Count, {});
  for (unsigned I = 0; I < Count; ++I) {
    Reference[I].resize(Verify[I].Bytes);
    if (!read(Verify[I], Reference[I].data(), Problem)) {
      Reference.clear();
      return false;
    }
  }
  return true;
}

bool OutputCheck::matches(std::string &Problem) {
  for (unsigned I = 0; I < Count; ++I) {
    const Buffer &V = Verify[I];
    if (!V.Bytes)
      continue;
    Scratch.resize(V.Bytes);
    if (!read(V, Scratch.data(), Problem) ||
        !sameElements(V.Kind, V.ElementSize, Scratch.data(),
                      Reference[I].data(), V.Bytes, Tolerance, V.Text, Problem))
      return false;
  }
  return true;
}

bool OutputCheck::read(const Buffer &Output, unsigned char *Into,
                       std::string &Problem) {
  if (!Output.Bytes)
    return true;
  CopyResult Copied = B.copyToHost(Into, Output.Data, Output.Bytes, Stream);
  if (!Copied.ok())
    Problem = std::string("cannot read '") + (Output.Text ? Output.Text : "?") +
              "': " + Copied.Error;
  return Copied.ok();
}

} // namespace autotune
