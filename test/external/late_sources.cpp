// Its target gets this file, and LATE_BLOCK_MAX, only after autotune_enable()
// (test/external/CMakeLists.txt): the rewrite must see both.
#include <autotune/autotune.h>

#include "blocked_sum.h"

#include <cstdio>
#include <vector>

#ifndef LATE_BLOCK_MAX
#error "a source property set after autotune_enable() reaches the compile"
#endif

int main() {
  std::vector<int> X(1 << 12, 5);
  long Sum = 0;
#pragma autotune space(BLOCK = {4, 8, LATE_BLOCK_MAX})
  Sum = blockedSum<BLOCK>(X);
  bool Correct = Sum == 5L * X.size();
  std::printf("late_sources: %s\n", Correct ? "OK" : "FAIL");
  return Correct ? 0 : 1;
}
