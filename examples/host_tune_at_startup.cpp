// Tuning results in the program's own code (autotune/results.h): the site
// is tuned at start-up on a scratch problem of the real size, before the
// program's work begins, and the winner's block width then sizes a buffer
// the program allocates itself. No GPU needed.
//
//   scripts/autotune-clang++ -O2 examples/host_tune_at_startup.cpp -o startup
//   ./startup [ROWS]
#include <autotune/autotune.h>
#include <autotune/results.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

// Sums of each BLOCK-wide column stripe of a row-major matrix, one partial
// sum per stripe and row: BLOCK decides how many partial sums there are.
template <int BLOCK>
void stripeSums(int rows, int cols, const float *a, float *partial) {
  int Stripes = (cols + BLOCK - 1) / BLOCK;
  for (int I = 0; I < rows; ++I)
    for (int S = 0; S < Stripes; ++S) {
      float Sum = 0;
      for (int J = S * BLOCK; J < cols && J < (S + 1) * BLOCK; ++J)
        Sum += a[static_cast<long>(I) * cols + J];
      partial[static_cast<long>(I) * Stripes + S] = Sum;
    }
}

void stripeSumsRun(int rows, int cols, const float *a, float *partial) {
#pragma autotune space(BLOCK = {16, 64, 256, 1024}) key(rows, cols)            \
    name("stripe_sums")
  stripeSums<BLOCK>(rows, cols, a, partial);
}

int main(int argc, char **argv) {
  const int Rows = argc > 1 ? std::atoi(argv[1]) : 1000, Cols = 4000;
  if (Rows <= 0) {
    std::printf("usage: %s [ROWS > 0]\n", argv[0]);
    return 2;
  }
  std::vector<float> A(static_cast<size_t>(Rows) * Cols, 1.0f);

  // At start-up: tune on scratch buffers of the real size (the largest
  // partial-sum buffer any point needs), and read the winner.
  std::vector<float> Scratch(static_cast<size_t>(Rows) * Cols / 16 + Rows);
  autotune::Choice Chosen = autotune::tuneNow(
      "stripe_sums",
      [&] { stripeSumsRun(Rows, Cols, A.data(), Scratch.data()); }, Rows, Cols);
  // With AUTOTUNE=off the site runs its default point, and with
  // AUTOTUNE=cached perhaps another key's winner: Chosen holds it.
  if (Chosen.values().empty()) {
    std::printf("host_tune_at_startup: FAIL: %s\n", Chosen.reason().c_str());
    return 1;
  }
  long long Block = Chosen.value("BLOCK", 0);
  std::printf("stripe_sums: %s (%s)\n", Chosen.text().c_str(),
              Chosen ? "tuned" : Chosen.reason().c_str());

  // The program's own buffer, sized for the winner: Stripes sums per row.
  long long Stripes = (Cols + Block - 1) / Block;
  std::vector<float> Partial(static_cast<size_t>(Rows * Stripes));
  stripeSumsRun(Rows, Cols, A.data(), Partial.data());

  for (int I = 0; I < Rows; ++I) {
    float Row = 0;
    for (long long S = 0; S < Stripes; ++S)
      Row += Partial[static_cast<size_t>(I * Stripes + S)];
    if (Row != Cols) {
      std::printf("host_tune_at_startup: FAIL in row %d: %g, want %d\n", I, Row,
                  Cols);
      return 1;
    }
  }
  std::printf("host_tune_at_startup: OK (%lld partial sums per row)\n",
              Stripes);
  return 0;
}
