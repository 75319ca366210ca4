// Tuning together over MPI on the host path (issue 13): one site of 32
// points whose runs sleep (so that processes sharing a few cores do not slow
// each other down), tuned by 1, 2, 4 or 8 processes started by mpirun. Rank
// 0 prints the slowest process's tuning time: with N processes each
// measures the default point and about 1/N of the others.
//
//   bench/tune_together.sh [REPEATS]
#include <autotune/autotune.h>
#include <autotune/mpi.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

// Point US sleeps US microseconds; 100 is the fastest.
template <int US> void nap() {
  std::this_thread::sleep_for(std::chrono::microseconds(US));
}

void site() {
#pragma autotune space(US = {800,  300,  500,  200,  600,  350,  450,  250,    \
                             550,  650,  700,  750,  400,  850,  900,  950,    \
                             1000, 1050, 1100, 1150, 1200, 1250, 1300, 1350,   \
                             1400, 1450, 1500, 1550, 1600, 1650, 1700, 100})   \
    name("tune_together_bench")
  nap<US>();
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  autotune::mpi::tuneTogether(MPI_COMM_WORLD);
  MPI_Barrier(MPI_COMM_WORLD);
  auto Start = std::chrono::steady_clock::now();
  site();
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
  double Slowest = 0;
  MPI_Reduce(&Ms, &Slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (Rank == 0)
    std::printf("processes=%d tuning_ms=%.2f\n", Size, Slowest);
  autotune::mpi::tuneAlone();
  MPI_Finalize();
  return 0;
}
