// Tuning together over MPI (autotune/mpi.h), four processes: the points are
// split among them (each non-default point measured by exactly one, the
// default point by all), every process takes the same winner, the result is
// cached; a second run reads it without measuring. A site reached with
// different keys at once is reported, not a hang, and each process tunes
// it alone, then and when it meets that key again; a site only one process
// reaches tunes inside an Alone scope; a site first reached by a variant
// measured during a tuning together is each process's own. restore(...)
// and verify(...) keep their meaning on every process: each process's
// buffer sees one run, and the fastest point, which computes something
// else, is rejected by whichever process measures it.
// REQUIRES: mpi
// RUN: %clangxx %autotune %mpi_compile -O1 %s %mpi_link %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %mpirun -np 4 %t 2>&1 | %FileCheck %s --check-prefix=FIRST
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %mpirun -np 4 %t 2>&1 | %FileCheck %s --check-prefix=AGAIN

#include <autotune/autotune.h>
#include <autotune/mpi.h>
#include <autotune/results.h>

#include <chrono>
#include <cstdio>
#include <set>
#include <thread>
#include <vector>

std::set<int> Ran; // the points this process ran

// X = 5 is the fastest by far.
template <int X> void work() {
  Ran.insert(X);
  std::this_thread::sleep_for(std::chrono::microseconds(X == 5 ? 100 : 2000));
}

void together(int n) {
#pragma autotune space(X = {1, 2, 3, 4, 5, 6, 7, 8}) key(n) name("together")
  work<X>();
}

template <int X> void nothing() {}

void mismatched(int n) {
#pragma autotune space(X = {1, 2}) key(n) name("mismatched")
  nothing<X>();
}

// Adds 1 to every element, in place; X = 3 is the fastest but adds 2.
template <int X> void addOne(std::vector<int> &V) {
  std::this_thread::sleep_for(std::chrono::microseconds(X == 3 ? 100 : 500 * X));
  for (int &E : V)
    E += X == 3 ? 2 : 1;
}

void checked(std::vector<int> &V, std::vector<int> &Out, int n) {
  int *Data = V.data();
#pragma autotune space(X = {1, 2, 3, 4}) restore(Data[n]) verify(Data[n]) name("checked")
  addOne<X>(V);
  Out = V;
}

// Reached for the first time by the variants of 'outer' while they are
// measured: each process measures other points, so no exchange is possible.
void inner() {
#pragma autotune space(X = {1, 2}) name("inner")
  nothing<X>();
}

template <int X> void callsInner() {
  inner();
  nothing<X>();
}

void outer() {
#pragma autotune space(X = {1, 2, 3, 4}) name("outer")
  callsInner<X>();
}

void onlyRankZero() {
#pragma autotune space(X = {1, 2}) name("only_rank_zero")
  nothing<X>();
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  autotune::mpi::tuneTogether(MPI_COMM_WORLD);

  together(1000);
  // Which process ran which point, and every process's winner.
  int Mask = 0;
  for (int X : Ran)
    Mask |= 1 << X;
  int Winner = static_cast<int>(autotune::chosenPoint("together", 1000).value("X", -1));
  std::vector<int> Masks(Size), Winners(Size);
  MPI_Gather(&Mask, 1, MPI_INT, Masks.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Gather(&Winner, 1, MPI_INT, Winners.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);

  // Every process's own data: after the call, exactly one run of a correct
  // point (+1), whichever process measured what.
  std::vector<int> Data(100, 10 * Rank), Out;
  checked(Data, Out, 100);
  int Right = Data[0] == 10 * Rank + 1 && Data[99] == 10 * Rank + 1;
  int AllRight = 0;
  MPI_Reduce(&Right, &AllRight, 1, MPI_INT, MPI_LAND, 0, MPI_COMM_WORLD);
  int Checked = static_cast<int>(autotune::chosenPoint("checked").value("X", -1));
  std::vector<int> CheckedWinners(Size);
  MPI_Gather(&Checked, 1, MPI_INT, CheckedWinners.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);

  mismatched(Rank == 2 ? 7 : 5);
  mismatched(7); // rank 2 knows it; the others tune it alone, no exchange
  outer();
  if (Rank == 0) {
    autotune::mpi::Alone Mine;
    onlyRankZero();
  }

  if (Rank == 0) {
    bool SameChecked = true;
    for (int W : CheckedWinners)
      SameChecked &= W == CheckedWinners[0];
    std::printf("checked: one correct run on every process: %s; winner X=%d%s\n",
                AllRight ? "yes" : "NO", CheckedWinners[0],
                SameChecked ? " on all" : " DIFFERS");
    bool Same = true;
    for (int W : Winners)
      Same &= W == Winners[0];
    std::printf("winners: X=%d on %d processes, %s\n", Winners[0], Size,
                Same ? "all the same" : "DIFFERENT");
    // Each process also runs the winner once, as the program's own call.
    for (int X = 1; X <= 8; ++X) {
      int By = 0;
      for (int M : Masks)
        By += (M >> X) & 1;
      std::printf("X=%d ran on %d\n", X, By);
    }
  }
  autotune::mpi::tuneAlone();
  MPI_Finalize();
  return 0;
}
// Four processes measured one share each: one tuning line per process, all
// with the same winner.
// FIRST-COUNT-4: together key=(1000) device={{.*}}: {{[0-9]}}/8 variants here, 8 usable across 4 processes, winner X=5
// FIRST-DAG: error: tuning together: the processes reached different sites, keys or spaces at once (3 ranks (0, ...): mismatched key=(5) {{.*}}; rank 2: mismatched key=(7)
// FIRST-DAG: outer device={{.*}}: {{[0-9]}}/4 variants here, 4 usable across 4 processes
// FIRST-DAG: winners: X=5 on 4 processes, all the same
// FIRST-DAG: checked device={{.*}}: variant X=3 rejected:
// FIRST-DAG: checked: one correct run on every process: yes; winner X=1 on all
// The default point on all four; every other point on one, the winner also
// on the others (their own final call).
// FIRST-DAG: X=1 ran on 4
// FIRST-DAG: X=2 ran on 1
// FIRST-DAG: X=3 ran on 1
// FIRST-DAG: X=4 ran on 1
// FIRST-DAG: X=5 ran on 4
// FIRST-DAG: X=6 ran on 1
// FIRST-DAG: X=7 ran on 1
// FIRST-DAG: X=8 ran on 1

// The second run: every process reads the cached winner, nothing is measured.
// AGAIN-NOT: variants here
// AGAIN: checked: one correct run on every process: yes; winner X=1 on all
// AGAIN: winners: X=5 on 4 processes, all the same
// AGAIN: X=1 ran on 0
// AGAIN: X=2 ran on 0
// AGAIN: X=5 ran on 4
