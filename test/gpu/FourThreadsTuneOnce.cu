// Issue 3, point 5: host threads on different streams that meet an untuned
// site together tune it once; the others wait and then use the winner.
// scripts/gpu-check counts the tuning lines of "four_threads" in the log.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <thread>
#include <vector>

void spinRun(int *Ran, cudaStream_t S) {
#pragma autotune space(US = {300, 60, 150}) name("four_threads")
  spinFor<US><<<1, 32, 0, S>>>(US, Ran);
}

int main() {
  const int Threads = 4;
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, Threads * sizeof(int)));
  std::vector<cudaStream_t> Streams(Threads);
  for (cudaStream_t &S : Streams)
    CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  std::vector<std::thread> Pool;
  for (int T = 0; T < Threads; ++T)
    Pool.emplace_back([&, T] {
      for (int Call = 0; Call < 3; ++Call)
        spinRun(Ran + T, Streams[T]);
      CHECK_CUDA(cudaStreamSynchronize(Streams[T]));
      CHECK_CUDA(cudaGetLastError());
    });
  for (std::thread &Th : Pool)
    Th.join();

  for (int T = 0; T < Threads; ++T)
    EXPECT(readInt(Ran + T) == 60, "thread %d ran US = %d, want the winner 60",
           T, readInt(Ran + T));
  return finish("FourThreadsTuneOnce");
}
