// Element-wise comparison of verify(...) outputs with the default point's.
#include "measure/OutputCheck.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace autotune {
namespace {

// An element's bytes as a little-endian integer (floatingValue's Bits).
std::uint64_t elementBits(const unsigned char *P, std::size_t Size) {
  std::uint64_t Bits = 0;
  std::memcpy(&Bits, P, Size < sizeof Bits ? Size : sizeof Bits);
  return Bits;
}

// Whether elements of Kind and ElementSize are compared within bounds: a
// floating-point kind of its own size (a type declared otherwise is bytes).
bool comparedWithin(ElementKind Kind, std::size_t ElementSize) {
  return floatingSize(Kind) != 0 && floatingSize(Kind) == ElementSize;
}

// The shortest text that reads back as V (as a float where AsFloat: every
// half, bfloat16 and float is one), so that two values that differ never
// print alike and 0.016 prints as 0.016.
std::string shortest(double V, bool AsFloat) {
  if (isNaN(V))
    return "NaN";
  if (isInfinite(V))
    return V < 0 ? "-inf" : "inf";
  char Text[32];
  for (int Digits = 1; Digits <= 17; ++Digits) {
    std::snprintf(Text, sizeof Text, "%.*g", Digits, V);
    double Back = std::strtod(Text, nullptr);
    if (AsFloat ? static_cast<float>(Back) == static_cast<float>(V) : Back == V)
      break;
  }
  return Text;
}

std::string number(double V, const char *Format = "%.7g") {
  char Text[32];
  std::snprintf(Text, sizeof Text, Format, V);
  return Text;
}

std::string formatValue(ElementKind Kind, std::size_t ElementSize,
                        const unsigned char *P) {
  char Text[64];
  if (comparedWithin(Kind, ElementSize))
    return shortest(floatingValue(Kind, elementBits(P, ElementSize)),
                    Kind != ElementKind::Float64);
  if (Kind == ElementKind::Integer && ElementSize <= 8) {
    // Sign-extended from the element's width.
    std::uint64_t Bits = elementBits(P, ElementSize);
    unsigned Shift = static_cast<unsigned>(64 - 8 * ElementSize);
    long long V = static_cast<long long>(Bits << Shift) >> Shift;
    std::snprintf(Text, sizeof Text, "%lld", V);
    return Text;
  }
  std::string S = "0x";
  for (std::size_t I = 0; I < ElementSize && I < 16; ++I) {
    std::snprintf(Text, sizeof Text, "%02x", P[I]);
    S += Text;
  }
  return S;
}

// Why Got fails against Want under Tol, after the element's head: the
// bound in force, in numbers, and in words which one failed.
std::string whyNotClose(double Got, double Want, Tolerance Tol, bool AsFloat) {
  std::string G = shortest(Got, AsFloat), W = shortest(Want, AsFloat);
  if (isNaN(Got) || isNaN(Want))
    return " is " + G + " where the default point gives " + W;
  if (isInfinite(Got) && isInfinite(Want))
    return " is " + G + ", the default point gives " + W +
           ": infinities must be equal";
  if (isInfinite(Got) || isInfinite(Want))
    return " is " + G + " where the default point gives " + W;
  double Diff = magnitude(Got - Want);
  std::string Why = " is " + G + ", the default point gives " + W +
                    ": difference " + number(Diff);
  if (Want != 0)
    Why += " (relative " + number(Diff / magnitude(Want), "%.3g") + ")";
  std::string Atol = "atol " + number(Tol.Abs);
  std::string Rtol = "rtol " + number(Tol.Rel) + " x |" + W + "|";
  if (Tol.Abs == 0 && Tol.Rel == 0)
    return Why + " where atol and rtol are 0 (an exact match)";
  if (Tol.Rel == 0)
    return Why + " exceeds " + Atol + " (rtol is 0)";
  if (Want == 0)
    return Why + " exceeds " + Atol +
           " (rtol adds nothing where the default point gives 0)";
  if (Tol.Abs == 0)
    return Why + " exceeds " + Rtol + " = " +
           number(Tol.Rel * magnitude(Want)) + " (atol is 0)";
  return Why + " exceeds " + Atol + " + " + Rtol + " = " +
         number(Tol.Abs + Tol.Rel * magnitude(Want)) + " (beyond both bounds)";
}

} // namespace

std::string describeDifference(ElementKind Kind, std::size_t ElementSize,
                               const unsigned char *Got,
                               const unsigned char *Want, std::size_t Index,
                               Tolerance Tol, const char *Text) {
  std::string Head = std::string("'") + (Text ? Text : "?") + "' element " +
                     std::to_string(Index);
  if (!comparedWithin(Kind, ElementSize))
    return Head + " is " + formatValue(Kind, ElementSize, Got) +
           ", the default point gives " + formatValue(Kind, ElementSize, Want);
  return Head + whyNotClose(floatingValue(Kind, elementBits(Got, ElementSize)),
                            floatingValue(Kind, elementBits(Want, ElementSize)),
                            Tol, Kind != ElementKind::Float64);
}

bool sameElements(ElementKind Kind, std::size_t ElementSize,
                  const unsigned char *Actual, const unsigned char *Expected,
                  std::size_t Bytes, Tolerance Tol, const char *Text,
                  std::string &Problem) {
  if (ElementSize == 0)
    ElementSize = 1;
  // Most variants reproduce the reference bit for bit: one pass decides.
  if (std::memcmp(Actual, Expected, Bytes) == 0)
    return true;
  bool Within = comparedWithin(Kind, ElementSize);
  for (std::size_t Offset = 0; Offset < Bytes; Offset += ElementSize) {
    const unsigned char *A = Actual + Offset, *E = Expected + Offset;
    if (std::memcmp(A, E, ElementSize) == 0)
      continue;
    if (Within &&
        closeEnough(floatingValue(Kind, elementBits(A, ElementSize)),
                    floatingValue(Kind, elementBits(E, ElementSize)), Tol))
      continue;
    Problem = describeDifference(Kind, ElementSize, A, E, Offset / ElementSize,
                                 Tol, Text);
    return false;
  }
  return true;
}

bool OutputCheck::takeReference(std::string &Problem) {
  References.clear();
  References.resize(Count);
  for (unsigned I = 0; I < Count; ++I) {
    const Buffer &V = Verify[I];
    if (!V.Bytes || keepOnDevice(V, References[I]))
      continue;
    References[I].Host.resize(V.Bytes);
    if (!read(V, V.Data, V.Bytes, References[I].Host.data(), Problem)) {
      References.clear();
      return false;
    }
  }
  return true;
}

bool OutputCheck::keepOnDevice(const Buffer &Output, Reference &Ref) {
  if (!B.comparesOnDevice() ||
      B.memoryAt(Output.Data).Where != MemoryExtent::Kind::Device)
    return false;
  if (!Verdict) {
    Buffer Slot = Output;
    Slot.Bytes = Backend::VerdictBytes;
    Verdict = B.allocateLike(Slot, Stream);
  }
  std::unique_ptr<CopyMemory> Copy =
      Verdict ? B.allocateLike(Output, Stream) : nullptr;
  if (!Copy) {
    addNote(Output, "no device memory for its reference");
    return false;
  }
  CopyResult Copied = B.copy(Copy->data(), Output.Data, Output.Bytes, Stream);
  if (!Copied.ok()) {
    addNote(Output, "cannot copy its reference on the device: " + Copied.Error);
    return false;
  }
  Ref.Device = std::move(Copy);
  return true;
}

bool OutputCheck::matches(std::string &Problem) {
  for (unsigned I = 0; I < Count; ++I) {
    const Buffer &V = Verify[I];
    if (!V.Bytes)
      continue;
    Reference &Ref = References[I];
    if (Ref.Device) {
      Backend::DeviceComparison Compared = B.compareOnDevice(
          V, Ref.Device->data(), toleranceOf(V), Verdict->data(), Stream);
      if (Compared.Compared && Compared.Same)
        continue;
      if (Compared.Compared)
        return differsOnDevice(V, Ref, Compared.FirstDifference, Problem);
      if (!moveToHost(V, Ref, Compared.Error, Problem))
        return false;
    }
    Scratch.resize(V.Bytes);
    if (!read(V, V.Data, V.Bytes, Scratch.data(), Problem) ||
        !sameElements(V.Kind, V.ElementSize, Scratch.data(), Ref.Host.data(),
                      V.Bytes, toleranceOf(V), V.Text, Problem))
      return false;
  }
  return true;
}

bool OutputCheck::moveToHost(const Buffer &Output, Reference &Ref,
                             const std::string &Why, std::string &Problem) {
  Ref.Host.resize(Output.Bytes);
  CopyResult Copied =
      B.copyToHost(Ref.Host.data(), Ref.Device->data(), Output.Bytes, Stream);
  if (!Copied.ok()) {
    Problem = std::string("cannot read the reference of '") +
              (Output.Text ? Output.Text : "?") +
              "' from the device: " + Copied.Error;
    return false;
  }
  Ref.Device.reset();
  addNote(Output, "the device could not compare it (" + Why + ")");
  return true;
}

bool OutputCheck::differsOnDevice(const Buffer &Output, const Reference &Ref,
                                  std::size_t Index, std::string &Problem) {
  std::size_t Size = Output.ElementSize ? Output.ElementSize : 1;
  std::vector<unsigned char> Got(Size), Want(Size);
  std::size_t Offset = Index * Size;
  if (!read(Output, static_cast<const unsigned char *>(Output.Data) + Offset,
            Size, Got.data(), Problem) ||
      !read(Output,
            static_cast<const unsigned char *>(Ref.Device->data()) + Offset,
            Size, Want.data(), Problem))
    return false;
  Problem = describeDifference(Output.Kind, Size, Got.data(), Want.data(),
                               Index, toleranceOf(Output), Output.Text);
  return false;
}

bool OutputCheck::read(const Buffer &Output, const void *From,
                       std::size_t Bytes, unsigned char *Into,
                       std::string &Problem) {
  if (!Bytes)
    return true;
  CopyResult Copied = B.copyToHost(Into, From, Bytes, Stream);
  if (!Copied.ok())
    Problem = std::string("cannot read '") + (Output.Text ? Output.Text : "?") +
              "': " + Copied.Error;
  return Copied.ok();
}

void OutputCheck::addNote(const Buffer &Output, const std::string &Why) {
  Note += std::string(Note.empty() ? "" : "; ") + "verify(...) compared '" +
          (Output.Text ? Output.Text : "?") + "' on the host: " + Why;
}

std::string OutputCheck::takeNote() {
  std::string Taken;
  Taken.swap(Note);
  return Taken;
}

} // namespace autotune
