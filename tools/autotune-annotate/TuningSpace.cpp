//===- TuningSpace.cpp - The values proposed around a hand-picked one -----===//

#include "TuningSpace.h"

#include <algorithm>

namespace autotune {

static bool isPowerOfTwo(int64_t V) { return V > 0 && (V & (V - 1)) == 0; }

static int64_t powerOfTwoAtMost(int64_t V) {
  int64_t P = 1;
  while (P * 2 <= V)
    P *= 2;
  return P;
}

/// The powers of two in [Lo, Hi], and V.
static std::vector<int64_t> powersOfTwoAnd(int64_t Lo, int64_t Hi, int64_t V) {
  std::vector<int64_t> Values;
  for (int64_t P = 1; P <= Hi; P *= 2)
    if (P >= Lo)
      Values.push_back(P);
  if (!std::binary_search(Values.begin(), Values.end(), V)) {
    Values.push_back(V);
    std::sort(Values.begin(), Values.end());
  }
  return Values;
}

std::vector<int64_t> proposedValues(TunedRole Role, int64_t V,
                                    unsigned Component) {
  int64_t Floor = powerOfTwoAtMost(V);
  switch (Role) {
  case TunedRole::Block1D:
    return powersOfTwoAnd(std::min(WarpSize, Floor), MaxThreadsPerBlock, V);
  case TunedRole::BlockComponent:
    return powersOfTwoAnd(std::max<int64_t>(1, Floor / 4),
                          std::min(MaxBlockDim[Component], Floor * 4), V);
  case TunedRole::Grid:
    return powersOfTwoAnd(std::max<int64_t>(1, Floor / 4), Floor * 4, V);
  }
  return {V};
}

std::string valuesText(const std::vector<int64_t> &Values) {
  bool Powers = std::all_of(Values.begin(), Values.end(), isPowerOfTwo);
  for (size_t I = 1; Powers && I < Values.size(); ++I)
    Powers = Values[I] == 2 * Values[I - 1];
  if (Powers && Values.size() > 1)
    return "pow2(" + std::to_string(Values.front()) + ", " +
           std::to_string(Values.back()) + ")";
  std::string Text = "{";
  for (size_t I = 0; I < Values.size(); ++I)
    Text += (I ? ", " : "") + std::to_string(Values[I]);
  return Text + "}";
}

} // namespace autotune
