// A file with no '#pragma autotune' when CMake configures: test/external/run
// puts one in place of the marker below, with BLOCK in the statement, and
// rebuilds without running CMake again. The new site must be tuned.
#include <autotune/autotune.h>

#include "blocked_sum.h"

#include <cstdio>
#include <vector>

int main() {
  std::vector<int> X(1 << 16, 3);
  long Sum = 0;
  // late-pragma: the pragma goes here
  Sum = blockedSum<8>(X);
  if (Sum != 3L * X.size()) {
    std::printf("late_pragma: FAIL: %ld\n", Sum);
    return 1;
  }
  std::printf("late_pragma: OK\n");
  return 0;
}
