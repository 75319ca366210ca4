// Issue 13, point 3, on GPUs: processes started by mpirun, one GPU each,
// tune one site together (autotune/mpi.h): every process runs the same
// winner (US = 100, the only fast point), and the tuning takes about 1/N of
// one process's time: each measures the default point and its share. Rank
// 0 prints the slowest process's tuning time, which scripts/gpu-check-mpi
// compares between 1 and 2 processes.
#include "../GpuTest.h"

#include <autotune/autotune.h>
#include <autotune/mpi.h>

#include <algorithm>
#include <chrono>
#include <vector>

// Sixteen points of 0.1 to 0.9 ms; the default (the first) takes 0.4 ms.
void spinRun(int *Ran, cudaStream_t S) {
#pragma autotune space(US = {400, 300, 500, 200, 600, 350, 450, 250, 550, 650, \
                             700, 750, 800, 850, 900, 100})                    \
    name("together_gpus")
  spinFor<US><<<1, 32, 0, S>>>(US, Ran);
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int Rank, Size;
  MPI_Comm_rank(MPI_COMM_WORLD, &Rank);
  MPI_Comm_size(MPI_COMM_WORLD, &Size);
  int Devices = deviceCount();
  if (Devices == 0) {
    MPI_Finalize();
    return skip("TuneTogetherOnGpus", "no GPU");
  }
  CHECK_CUDA(cudaSetDevice(Rank % Devices));
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  // The context and the module are loaded before the clock starts.
  spinFor<1><<<1, 32, 0, S>>>(0, Ran);
  CHECK_CUDA(cudaStreamSynchronize(S));
  autotune::mpi::tuneTogether(MPI_COMM_WORLD);

  MPI_Barrier(MPI_COMM_WORLD);
  auto Start = std::chrono::steady_clock::now();
  spinRun(Ran, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
  int Winner = readInt(Ran);

  std::vector<double> Times(Size);
  std::vector<int> Winners(Size);
  MPI_Gather(&Ms, 1, MPI_DOUBLE, Times.data(), 1, MPI_DOUBLE, 0,
             MPI_COMM_WORLD);
  MPI_Gather(&Winner, 1, MPI_INT, Winners.data(), 1, MPI_INT, 0,
             MPI_COMM_WORLD);
  if (Rank == 0) {
    for (int R = 0; R < Size; ++R)
      EXPECT(Winners[R] == 100, "process %d ran US = %d, want 100", R,
             Winners[R]);
    std::printf("processes=%d gpus=%d tuning_ms=%.2f\n", Size,
                std::min(Size, Devices),
                *std::max_element(Times.begin(), Times.end()));
  }
  autotune::mpi::tuneAlone();
  MPI_Finalize();
  return Rank == 0 ? finish("TuneTogetherOnGpus") : 0;
}
