// verify(...): the default point's outputs are the reference; every other
// variant's outputs must match them (ElementComparison.h): exactly for
// integers and bytes, within allclose bounds for floating point. A device
// buffer's reference stays on the device and is compared there, where the
// backend can; a host buffer, or a device buffer where that fails, is
// compared on the host.
#ifndef AUTOTUNE_SRC_OUTPUTCHECK_H
#define AUTOTUNE_SRC_OUTPUTCHECK_H

#include "measure/Backend.h"

#include <memory>
#include <string>
#include <vector>

namespace autotune {

// Compares Bytes of Actual with Expected, elements of Kind; on the first
// element that differs beyond Tol returns false and describes it in Problem
// (describeDifference). Exposed for tests and bench/.
bool sameElements(ElementKind Kind, std::size_t ElementSize,
                  const unsigned char *Actual, const unsigned char *Expected,
                  std::size_t Bytes, Tolerance Tol, const char *Text,
                  std::string &Problem);

// The rejection of element Index of the buffer Text, whose value is at Got
// where the default point's is at Want (ElementSize bytes each), on one
// line: "'y[n]' element 3 is 2.5, the default point gives 1.25: difference
// 1.25 (relative 1) exceeds atol 1e-05 + rtol 1.3e-06 x |1.25| = 1.1625e-05
// (beyond both bounds)".
std::string describeDifference(ElementKind Kind, std::size_t ElementSize,
                               const unsigned char *Got,
                               const unsigned char *Want, std::size_t Index,
                               Tolerance Tol, const char *Text);

class OutputCheck {
public:
  // RelTolerance and AbsTolerance as CallArgs has them (negative: the
  // element type's default).
  OutputCheck(Backend &B, void *Stream, const Buffer *Verify, unsigned Count,
              double RelTolerance, double AbsTolerance)
      : B(B), Stream(Stream), Verify(Verify), Count(Count),
        RelTolerance(RelTolerance), AbsTolerance(AbsTolerance) {}

  bool active() const { return Count != 0; }
  bool hasReference() const { return !References.empty(); }

  // Copies the outputs as the reference (after the default point's run);
  // false with Problem set when a copy fails, leaving no reference.
  bool takeReference(std::string &Problem);
  // Compares the outputs with the reference; false with Problem set on the
  // first difference, or when an output cannot be read.
  bool matches(std::string &Problem);
  // Where a buffer was compared otherwise than it could have been (on the
  // host, for want of device memory or after a failed comparison on the
  // device): a note for the tuning's report, given once; empty when none.
  std::string takeNote();

private:
  struct Reference {
    std::vector<unsigned char> Host;
    std::unique_ptr<CopyMemory> Device; // set: compared on the device
  };
  // Keeps Output's reference on the device; false when it cannot (Note says
  // why where it is worth saying), and the host keeps it.
  bool keepOnDevice(const Buffer &Output, Reference &Ref);
  // Where the device could not compare Output (Why): its reference moves to
  // the host, for the host to compare; false with Problem set when it
  // cannot be read back.
  bool moveToHost(const Buffer &Output, Reference &Ref, const std::string &Why,
                  std::string &Problem);
  // Problem for element Index of Output, which the device found to differ
  // from Ref's: only that element of each is read. Always false.
  bool differsOnDevice(const Buffer &Output, const Reference &Ref,
                       std::size_t Index, std::string &Problem);
  // Copies Bytes from Output.Data (a device or host address) to Into.
  bool read(const Buffer &Output, const void *From, std::size_t Bytes,
            unsigned char *Into, std::string &Problem);
  void addNote(const Buffer &Output, const std::string &Why);
  Tolerance toleranceOf(const Buffer &Output) const {
    return toleranceFor(Output.Kind, RelTolerance, AbsTolerance);
  }

  Backend &B;
  void *Stream;
  const Buffer *Verify;
  unsigned Count;
  double RelTolerance, AbsTolerance;
  std::vector<Reference> References;
  std::unique_ptr<CopyMemory> Verdict; // compareOnDevice's, made once
  std::vector<unsigned char> Scratch;
  std::string Note;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_OUTPUTCHECK_H
