// First-call latency and the cost of the race, tuned on the first call
// (blocking) or online, on the two held-out spaces (held_out_sites.h). The
// mode is the process's: run it with AUTOTUNE_MODE=blocking and
// AUTOTUNE_MODE=online (bench/online_latency.sh runs both, interleaved).
//
//   scripts/build-bench && AUTOTUNE_MODE=online build/bench/bin/online_latency
//
// For each space, with every call followed by a stream synchronisation, as a
// server answering one request a call would:
//   first_return_ms  the first call's host time until it returns;
//   first_done_ms    ... until its work is over (blocking: the whole tuning);
//   calls            calls until the key is decided (chosenPoint);
//   race_ms          their time, the first call's included;
//   winner_ms        a call of the winner afterwards (median of 30);
//   overhead_ms      race_ms - calls x winner_ms: what tuning cost the
//                    program beyond running the winner all along.
// Every line starting with "BENCH " is one space's figures.
#include "bench_common.h"
#include "first_use_site.h"
#include "held_out_sites.h"

#include <autotune/results.h>

#include <chrono>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point Start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - Start)
      .count();
}

float *deviceFilled(std::size_t N, float Value) {
  std::vector<float> Host(N, Value);
  float *D = nullptr;
  CHECK_CUDA(cudaMalloc(&D, N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(D, Host.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  return D;
}

void measure(const char *Space, const std::function<void(cudaStream_t)> &Call,
             const std::function<autotune::Choice()> &Chosen, cudaStream_t S) {
  const char *Mode = std::getenv("AUTOTUNE_MODE");
  auto Start = Clock::now();
  Call(S);
  double FirstReturn = msSince(Start);
  CHECK_CUDA(cudaStreamSynchronize(S));
  double FirstDone = msSince(Start);
  int Calls = 1;
  while (Calls < 5000 && !Chosen()) {
    Call(S);
    CHECK_CUDA(cudaStreamSynchronize(S));
    ++Calls;
  }
  double Race = msSince(Start);
  std::vector<double> Winner;
  for (int I = 0; I < 30; ++I) {
    auto One = Clock::now();
    Call(S);
    CHECK_CUDA(cudaStreamSynchronize(S));
    Winner.push_back(msSince(One));
  }
  double WinnerMs = bench::median(Winner);
  std::string Point = Chosen().text();
  for (char &C : Point)
    if (C == ' ')
      C = ',';
  std::printf("BENCH online_latency space=%s mode=%s first_return_ms=%.3f "
              "first_done_ms=%.3f calls=%d race_ms=%.3f winner_ms=%.4f "
              "overhead_ms=%.3f winner=%s\n",
              Space, Mode ? Mode : "default", FirstReturn, FirstDone, Calls,
              Race, WinnerMs, Race - Calls * WinnerMs, Point.c_str());
  std::fflush(stdout);
}

} // namespace

int main() {
  bench::quietRuntime();
  bench::printDevice();
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  for (int I = 0; I < 40 && !autotune::chosenPoint("first_use", 1); ++I) {
    firstUseRun(1, S);
    CHECK_CUDA(cudaStreamSynchronize(S));
  }

  // blocksize6: 2^25 floats, as in tuning_cost.
  const int N = 1 << 25;
  float *X = deviceFilled(N, 1.f), *Y = deviceFilled(N, 2.f),
        *Z = deviceFilled(N, 0.f);
  measure(
      "blocksize6",
      [=](cudaStream_t St) { scaleAddRun(N, 2.5f, X, -0.5f, Y, Z, St); },
      [=] { return autotune::chosenPoint("blocksize6", N); }, S);

  // sgemm52: 1024 x 1024 x 1024, as in tuning_cost.
  const int M = 1024;
  float *A = deviceFilled(std::size_t(M) * M, 0.5f),
        *B = deviceFilled(std::size_t(M) * M, 0.25f),
        *C = deviceFilled(std::size_t(M) * M, 0.f);
  measure(
      "sgemm52", [=](cudaStream_t St) { sgemmRun(M, M, M, A, B, C, St); },
      [=] { return autotune::chosenPoint("sgemm52", M, M, M); }, S);
  return 0;
}
