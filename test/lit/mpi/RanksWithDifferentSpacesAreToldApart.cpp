// Two builds of one site with different spaces, run as one MPI job (one
// process each), reach the same site and key: each is told that the other
// has another space, in words that tell them apart (the space's size and
// fingerprint, per rank), and each tunes alone.
// REQUIRES: mpi
// RUN: %clangxx %autotune %mpi_compile -O1 %s %mpi_link %runtime -o %t.narrow
// RUN: %clangxx %autotune %mpi_compile -O1 -DWIDE %s %mpi_link %runtime -o %t.wide
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_CACHE=off %mpirun -np 1 %t.narrow : -np 1 %t.wide 2>&1 | %FileCheck %s

#include <autotune/autotune.h>
#include <autotune/mpi.h>

#include <mpi.h>

template <int X> void work(int *out) { *out = X; }

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  autotune::mpi::tuneTogether(MPI_COMM_WORLD);
  int out = 0, n = 4;
#ifdef WIDE
#pragma autotune space(X = {1, 2, 3}) key(n) name("spaced")
  work<X>(&out);
#else
#pragma autotune space(X = {1, 2}) key(n) name("spaced")
  work<X>(&out);
#endif
  autotune::mpi::tuneAlone();
  MPI_Finalize();
  return 0;
}
// CHECK: error: tuning together: the processes reached different sites, keys or spaces at once (rank 0: spaced key=(4) device={{.*}}, a space of 2 points (fingerprint {{[0-9a-f]+}}); rank 1: spaced key=(4) device={{.*}}, a space of 3 points (fingerprint {{[0-9a-f]+}}))
