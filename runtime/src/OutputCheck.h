// verify(...): the default point's outputs are the reference; every other
// variant's outputs must match them, exactly for integers and bytes, within a
// relative tolerance for floating point.
#ifndef AUTOTUNE_SRC_OUTPUTCHECK_H
#define AUTOTUNE_SRC_OUTPUTCHECK_H

#include "Backend.h"

#include <string>
#include <vector>

namespace autotune {

// Compares Count elements of Kind; on the first mismatch returns false and
// describes it in Problem ("'y[n]' element 3 is 2.5, the default point gives
// 1.25", and for floating point " (relative tolerance 1e-05)"). Exposed for
// tests.
bool sameElements(ElementKind Kind, std::size_t ElementSize,
                  const unsigned char *Actual, const unsigned char *Expected,
                  std::size_t Bytes, double Tolerance, const char *Text,
                  std::string &Problem);

class OutputCheck {
public:
  OutputCheck(Backend &B, void *Stream, const Buffer *Verify, unsigned Count,
              double Tolerance)
      : B(B), Stream(Stream), Verify(Verify), Count(Count),
        Tolerance(Tolerance) {}

  bool active() const { return Count != 0; }
  bool hasReference() const { return !Reference.empty(); }

  // Copies the outputs as the reference (after the default point's run);
  // false with Problem set when a copy fails, leaving no reference.
  bool takeReference(std::string &Problem);
  // Compares the outputs with the reference; false with Problem set on the
  // first difference, or when an output cannot be read.
  bool matches(std::string &Problem);

private:
  // Copies Output to host memory at Into.
  bool read(const Buffer &Output, unsigned char *Into, std::string &Problem);

  Backend &B;
  void *Stream;
  const Buffer *Verify;
  unsigned Count;
  double Tolerance;
  std::vector<std::vector<unsigned char>> Reference;
  std::vector<unsigned char> Scratch;
};

} // namespace autotune

#endif // AUTOTUNE_SRC_OUTPUTCHECK_H
