// The statement of the late_pragma and late_sources sites.
#pragma once

#include <cstddef>
#include <vector>

template <int BLOCK> long blockedSum(const std::vector<int> &x) {
  long Sum = 0;
  for (std::size_t B = 0; B < x.size(); B += BLOCK)
    for (std::size_t I = B; I < B + BLOCK && I < x.size(); ++I)
      Sum += x[I];
  return Sum;
}
