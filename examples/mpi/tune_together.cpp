// Processes that tune together over MPI (autotune/mpi.h): every process
// computes the column sums of its own matrix with a tuned block width; the
// first call is tuned once by all of them, each measuring a share of the
// block widths, and every process runs the same winner.
//
//   autotune-clang++ -O2 $(mpicxx --showme:compile) \
//     examples/mpi/tune_together.cpp -o together -lautotune_mpi \
//     $(mpicxx --showme:link)
//   mpirun -np 4 ./together
#include <autotune/autotune.h>
#include <autotune/mpi.h>
#include <autotune/results.h>

#include <cstdio>
#include <vector>

template <int BLOCK>
void columnSums(int rows, int cols, const double *a, double *sums) {
  for (int J = 0; J < cols; ++J)
    sums[J] = 0;
  for (int J0 = 0; J0 < cols; J0 += BLOCK)
    for (int I = 0; I < rows; ++I)
      for (int J = J0; J < cols && J < J0 + BLOCK; ++J)
        sums[J] += a[static_cast<long>(I) * cols + J];
}

void columnSumsRun(int rows, int cols, const double *a, double *sums) {
#pragma autotune space(BLOCK = pow2(8, 4096)) key(rows, cols)                  \
    name("mpi_column_sums")
  columnSums<BLOCK>(rows, cols, a, sums);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  autotune::mpi::tuneTogether(MPI_COMM_WORLD);

  const int Rows = 1000, Cols = 2000;
  std::vector<double> A(static_cast<size_t>(Rows) * Cols, Rank + 1.0);
  std::vector<double> Sums(Cols);
  columnSumsRun(Rows, Cols, A.data(), Sums.data()); // tuned together
  columnSumsRun(Rows, Cols, A.data(), Sums.data()); // the winner, at once

  int Block = static_cast<int>(
      autotune::chosenPoint("mpi_column_sums", Rows, Cols).value("BLOCK", -1));
  std::vector<int> Blocks(Size);
  MPI_Gather(&Block, 1, MPI_INT, Blocks.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  bool Right = Sums[Cols - 1] == Rows * (Rank + 1.0);
  bool AllRight = false;
  MPI_Reduce(&Right, &AllRight, 1, MPI_C_BOOL, MPI_LAND, 0, MPI_COMM_WORLD);
  if (Rank == 0) {
    bool Same = true;
    for (int B : Blocks)
      Same &= B == Blocks[0];
    std::printf("mpi_tune_together: %s: %d processes run BLOCK=%d%s\n",
                AllRight && Same ? "OK" : "FAIL", Size, Blocks[0],
                Same ? "" : " (not all the same)");
  }
  autotune::mpi::tuneAlone();
  MPI_Finalize();
  return 0;
}
