// Issue 14, point 1, on a GPU: a launch site tuned online. The kernel adds 1
// to every element, so after N calls every element is N: no call ran a
// variant twice or none, also while the race was open, also the call whose
// variant failed to launch (BLOCK = 2048 is too many threads a block: that
// call runs the default point instead). The first call returns long before
// its kernel is over (no call waits for tuning), BLOCK = 256 wins (the other
// block sizes spin for 10 ms first), the winner is then every call's point,
// and stream capture, which must not be timed, runs the race's best so far.
#include "GpuTest.h"

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <chrono>
#include <vector>

// BLOCK = 256 adds at once; the other block sizes' first block spins 10 ms.
template <int BLOCK> __global__ void addOne(int *X, int N) {
  if (BLOCK != 256 && blockIdx.x == 0 && threadIdx.x == 0)
    spinNanoseconds(10000000ull);
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < N)
    X[I] += 1;
}

void add(int *X, int N, cudaStream_t S) {
#pragma autotune space(BLOCK = {64, 128, 256, 512, 2048}) key(N) mode(online)  \
    name("online_add")
  addOne<BLOCK><<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, S>>>(X, N);
}

// Whether every one of the first N elements of X is Want.
bool allEqual(const int *X, int N, int Want) {
  std::vector<int> Host(N);
  CHECK_CUDA(
      cudaMemcpy(Host.data(), X, N * sizeof(int), cudaMemcpyDeviceToHost));
  for (int V : Host)
    if (V != Want) {
      std::printf("an element is %d, want %d\n", V, Want);
      return false;
    }
  return true;
}

int main() {
  const int N = 1 << 20;
  int *X;
  CHECK_CUDA(cudaMalloc(&X, N * sizeof(int)));
  CHECK_CUDA(cudaMemset(X, 0, N * sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  CHECK_CUDA(cudaDeviceSynchronize());

  // The first call runs the default point (BLOCK = 64, 10 ms) and returns
  // while it runs.
  auto Start = std::chrono::steady_clock::now();
  add(X, N, S);
  double FirstMs = std::chrono::duration<double, std::milli>(
                       std::chrono::steady_clock::now() - Start)
                       .count();
  cudaError_t Running = cudaStreamQuery(S);
  (void)cudaGetLastError(); // not an error, whatever the runtime keeps
  std::printf("the first call returned after %.3f ms\n", FirstMs);
  EXPECT(Running == cudaErrorNotReady,
         "the first call's kernel was over when it returned (%s): it waited",
         cudaGetErrorName(Running));
  EXPECT(!autotune::chosenPoint("online_add", N), "decided on the first call");

  // The program's calls decide the race; no synchronisation but its own.
  int Calls = 1;
  while (Calls < 400 && !autotune::chosenPoint("online_add", N)) {
    add(X, N, S);
    ++Calls;
    if (Calls % 4 == 0)
      CHECK_CUDA(cudaStreamSynchronize(S));
  }
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::printf("decided after %d calls\n", Calls);
  autotune::Choice C = autotune::chosenPoint("online_add", N);
  EXPECT(C.value("BLOCK", -1) == 256, "online tuning chose %s, want BLOCK=256",
         C.text().c_str());
  EXPECT(allEqual(X, N, Calls), "not one run per call while racing");

  // Decided: every call runs BLOCK = 256, from the hot path.
  Start = std::chrono::steady_clock::now();
  for (int I = 0; I < 20; ++I)
    add(X, N, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  double TwentyMs = std::chrono::duration<double, std::milli>(
                        std::chrono::steady_clock::now() - Start)
                        .count();
  EXPECT(TwentyMs < 10.0, "20 calls after the race took %.2f ms", TwentyMs);
  EXPECT(allEqual(X, N, Calls + 20), "not one run per call after the race");

  // Capture of a key whose race is open runs its best so far, untimed; the
  // graph adds 1 once per launch.
  const int Half = N / 2;
  add(X, Half, S); // the new key's first run: its default point
  cudaStream_t Capture;
  CHECK_CUDA(cudaStreamCreateWithFlags(&Capture, cudaStreamNonBlocking));
  cudaGraph_t Graph;
  CHECK_CUDA(cudaStreamBeginCapture(Capture, cudaStreamCaptureModeGlobal));
  add(X, Half, Capture);
  CHECK_CUDA(cudaStreamEndCapture(Capture, &Graph));
  cudaGraphExec_t Exec;
  CHECK_CUDA(cudaGraphInstantiate(&Exec, Graph, 0));
  CHECK_CUDA(cudaGraphLaunch(Exec, Capture));
  CHECK_CUDA(cudaGraphLaunch(Exec, Capture));
  CHECK_CUDA(cudaStreamSynchronize(Capture));
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(allEqual(X, Half, Calls + 23), "the captured call did not run once "
                                        "per graph launch");
  EXPECT(allEqual(X + Half, N - Half, Calls + 20),
         "the other key's elements changed");
  CHECK_CUDA(cudaGetLastError());
  return finish("OnlineLaunchNeverWaits");
}
