// Its target gets this file, and LATE_BLOCK_MAX, only after autotune_enable()
// (test/external/CMakeLists.txt): the rewrite must see both.
#include <autotune/autotune.h>

#include <cstdio>
#include <vector>

#ifndef LATE_BLOCK_MAX
#error "a source property set after autotune_enable() reaches the compile"
#endif

template <int BLOCK> long blockedSum(const std::vector<int> &x) {
  long Sum = 0;
  for (size_t B = 0; B < x.size(); B += BLOCK)
    for (size_t I = B; I < B + BLOCK && I < x.size(); ++I)
      Sum += x[I];
  return Sum;
}

int main() {
  std::vector<int> X(1 << 16, 3);
  long Sum = 0;
#pragma autotune space(BLOCK = {4, 8, LATE_BLOCK_MAX})
  Sum = blockedSum<BLOCK>(X);
  if (Sum != 3L * X.size()) {
    std::printf("late_sources: FAIL: %ld\n", Sum);
    return 1;
  }
  std::printf("late_sources: OK\n");
  return 0;
}
