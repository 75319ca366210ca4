// Column sums of a row-major matrix on the CPU, tuned over the width of the
// column block that stays in cache while the rows stream past. No GPU needed:
// a statement that is not a CUDA launch is timed with the host clock.
//
//   scripts/autotune-clang++ -O2 examples/host_blocked_sum.cpp -o sum
//   ./sum
#include <autotune/autotune.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

template <int BLOCK>
void columnSums(int rows, int cols, const double *a, double *sums) {
  for (int J = 0; J < cols; ++J)
    sums[J] = 0;
  for (int J0 = 0; J0 < cols; J0 += BLOCK) {
    int J1 = J0 + BLOCK < cols ? J0 + BLOCK : cols;
    for (int I = 0; I < rows; ++I) {
      const double *Row = a + static_cast<long>(I) * cols;
      for (int J = J0; J < J1; ++J)
        sums[J] += Row[J];
    }
  }
}

void columnSumsRun(int rows, int cols, const double *a, double *sums) {
#pragma autotune space(BLOCK = pow2(8, 4096)) key(rows, cols)                  \
    name("host_blocked_sum")
  columnSums<BLOCK>(rows, cols, a, sums);
}

int main() {
  setenv("AUTOTUNE_LOG", "2", /*overwrite=*/0); // print the tuning table
  const int Rows = 2000, Cols = 3000;
  std::vector<double> A(static_cast<size_t>(Rows) * Cols);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = static_cast<double>(I % 1000); // integers: the sums are exact
  std::vector<double> Sums(Cols);

  columnSumsRun(Rows, Cols, A.data(), Sums.data());
  columnSumsRun(Rows, Cols, A.data(), Sums.data());

  for (int J = 0; J < Cols; ++J) {
    double Want = 0;
    for (int I = 0; I < Rows; ++I)
      Want += A[static_cast<size_t>(I) * Cols + J];
    if (Sums[J] != Want) {
      std::printf(
          "host_blocked_sum: FAIL in column %d: got %.17g, want %.17g\n", J,
          Sums[J], Want);
      return 1;
    }
  }
  std::printf("host_blocked_sum: OK (%d x %d)\n", Rows, Cols);
  return 0;
}
