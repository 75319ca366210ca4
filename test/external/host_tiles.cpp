// Row sums of a matrix, tuned over the number of rows summed per block. The
// statement is not a launch, so it is timed with the host clock.
#include <autotune/autotune.h>

#include "tiles.h"

#include <cstdio>
#include <vector>

#ifndef __AUTOTUNE__
#error "autotune_enable() compiles this file with __AUTOTUNE__ defined"
#endif

template <int TILE>
void rowSums(int rows, int cols, const float *a, float *sums) {
  for (int R0 = 0; R0 < rows; R0 += TILE)
    for (int R = R0; R < R0 + TILE && R < rows; ++R) {
      float S = 0;
      for (int C = 0; C < cols; ++C)
        S += a[static_cast<long>(R) * cols + C];
      sums[R] = S;
    }
}

void rowSumsRun(int rows, int cols, const float *a, float *sums) {
  // TILE_MIN comes from the target's compile definitions, TILE_MAX from
  // tiles.h: the rewrite sees both.
#pragma autotune space(TILE = pow2(TILE_MIN, TILE_MAX)) key(rows, cols)        \
    name("external-row-sums")
  rowSums<TILE>(rows, cols, a, sums);
}

int main() {
  const int Rows = 300, Cols = 200;
  std::vector<float> A(static_cast<size_t>(Rows) * Cols, 1.0f);
  std::vector<float> Sums(Rows);
  for (int Call = 0; Call < 2; ++Call)
    rowSumsRun(Rows, Cols, A.data(), Sums.data());
  for (int R = 0; R < Rows; ++R)
    if (Sums[R] != Cols) {
      std::printf("host_tiles: FAIL at row %d: %g\n", R, Sums[R]);
      return 1;
    }
  std::printf("host_tiles: OK\n");
  return 0;
}
