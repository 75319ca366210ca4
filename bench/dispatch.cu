// Dispatch overhead after tuning: launches of an empty kernel through a tuned
// site against plain launches of the same kernel, and a tuned host statement
// against a plain call of the same empty function.
//
//   scripts/build-bench && build/bench/bin/dispatch [--rounds R] [--pairs P]
//
// Three measurements, each in rounds that alternate plain and tuned (ABBA, so
// a drift of clocks affects both alike), reported as the median of rounds:
//   launch throughput  L launches back to back, then one synchronisation; the
//                      host waits when the launch queue is full, so this is
//                      what a program that launches many small kernels sees;
//   launch call cost   host time of a batch of launches short enough never to
//                      fill the queue (the synchronisation after it untimed):
//                      the CPU cost of one launch call, which is where the
//                      dispatch overhead lives;
//   host call cost     a tuned host statement against a plain call;
//   launch path cost   a site timed by the CUDA backend whose statement is the
//                      empty call, against the plain call: a tuned launch's
//                      overhead without the launch, identical in both.
// Two attribution rows calibrate the launch rows with a known cost:
// cudaGetDevice() (which the library's path asks on a machine whose devices
// are of more than one model) alone, and added to a plain launch.
// The launch call cost is also measured paired (`launch_call_paired`):
// thousands of pairs of short batches, plain and tuned back to back in
// alternating order, each pair's difference taken at once, and the median
// difference reported with its 95 % interval (order statistics). A drift
// or a slow stretch of the process then hits both halves of a pair, where
// the rounds above compare medians of batches far apart. Two controls read
// the method itself: plain against plain (should be 0) and plain against a
// plain launch after cudaGetDevice (its known cost).
// Every line starting with "BENCH " is for bench/summarize.py.
#include "bench_common.h"

#include <autotune/autotune.h>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

// V changes nothing in the kernel: every variant costs the same to launch, so
// whichever wins, the plain launch below is its equal.
template <int V> __global__ void emptyKernel(int n) {
  if (n < 0)
    asm volatile("trap;");
}

__attribute__((noinline)) void plainLaunch(int n, cudaStream_t s) {
  emptyKernel<0><<<1, 32, 0, s>>>(n);
}

__attribute__((noinline)) void tunedLaunch(int n, cudaStream_t s) {
#pragma autotune space(V = {0, 1}) key(n) name("dispatch_launch")
  emptyKernel<V><<<1, 32, 0, s>>>(n);
}

template <int V> __attribute__((noinline)) void emptyFunction(int n) {
  asm volatile("" : : "r"(n) : "memory");
}

__attribute__((noinline)) void plainCall(int n) { emptyFunction<0>(n); }

// A known cost to calibrate the launch rows with: asking the CUDA runtime
// for the current device.
__attribute__((noinline)) void getDeviceCall(int n) {
  int Device;
  cudaGetDevice(&Device);
  emptyFunction<0>(n + Device);
}

__attribute__((noinline)) void getDeviceThenLaunch(int n, cudaStream_t s) {
  int Device;
  cudaGetDevice(&Device);
  emptyKernel<0><<<1, 32, 0, s>>>(n + Device);
}

__attribute__((noinline)) void tunedCall(int n) {
#pragma autotune space(V = {0, 1}) key(n) name("dispatch_host")
  emptyFunction<V>(n);
}

// The launch path's dispatch without the launch: a site timed by the CUDA
// backend (stream(s), as a launch site is) whose statement is the empty
// call. A tuned launch site does exactly this plus the launch, which is the
// same call as the plain launch's; so this row measures the overhead of a
// tuned launch without the launch's own run-to-run spread (hundreds of ns).
__attribute__((noinline)) void tunedStreamCall(int n, cudaStream_t s) {
#pragma autotune space(V = {0, 1}) key(n) stream(s) name("dispatch_stream")
  emptyFunction<V>(n);
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

struct Pair {
  std::vector<double> Plain, Tuned; // one value per round
};

// Rounds of "run A, run B" in the order A B B A A B ...; each run returns a
// per-operation figure in nanoseconds.
template <class A, class B>
Pair alternate(int Rounds, A &&RunPlain, B &&RunTuned) {
  Pair P;
  for (int R = 0; R < Rounds; ++R) {
    if (R % 2 == 0) {
      P.Plain.push_back(RunPlain());
      P.Tuned.push_back(RunTuned());
    } else {
      P.Tuned.push_back(RunTuned());
      P.Plain.push_back(RunPlain());
    }
  }
  return P;
}

// Pairs of batches of Batch launches through LaunchA and LaunchB, in the
// order A B, B A, A B, ...; each pair gives (B - A) in ns per launch.
std::vector<double> pairedLaunchCost(int Pairs, int Batch, int N,
                                     cudaStream_t S,
                                     void (*LaunchA)(int, cudaStream_t),
                                     void (*LaunchB)(int, cudaStream_t)) {
  auto Time = [&](void (*Launch)(int, cudaStream_t)) {
    CHECK_CUDA(cudaStreamSynchronize(S));
    auto Start = Clock::now();
    for (int I = 0; I < Batch; ++I)
      Launch(N, S);
    return secondsSince(Start) * 1e9 / Batch;
  };
  std::vector<double> Diff;
  for (int P = 0; P < Pairs; ++P) {
    double A, B;
    if (P % 2 == 0) {
      A = Time(LaunchA);
      B = Time(LaunchB);
    } else {
      B = Time(LaunchB);
      A = Time(LaunchA);
    }
    Diff.push_back(B - A);
  }
  CHECK_CUDA(cudaStreamSynchronize(S));
  return Diff;
}

// The median of Diff and its 95 % interval: the order statistics at
// n/2 -+ 1.96 sqrt(n)/2 (the sign test's interval, no assumption of shape).
void reportPaired(const char *Name, const char *Unit, std::vector<double> Diff,
                  const char *Extra) {
  std::sort(Diff.begin(), Diff.end());
  std::size_t N = Diff.size();
  double Half = 1.96 * std::sqrt(static_cast<double>(N)) / 2;
  std::size_t Low = static_cast<std::size_t>(
      std::max(0.0, std::floor(static_cast<double>(N) / 2 - Half)));
  std::size_t High =
      std::min(N - 1, static_cast<std::size_t>(std::ceil(N / 2.0 + Half)));
  double Median = bench::median(Diff);
  std::printf("%-20s %12s %12s %12.1f %10s %10s   %s, 95%% [%.1f, %.1f]\n",
              Name, "-", "-", Median, "-", "-", Unit, Diff[Low], Diff[High]);
  std::printf("BENCH dispatch %s overhead_ns=%.2f ci_low_ns=%.2f "
              "ci_high_ns=%.2f pairs=%zu %s\n",
              Name, Median, Diff[Low], Diff[High], N, Extra);
}

void report(const char *Name, const char *Unit, const Pair &P,
            const char *Extra) {
  double Plain = bench::median(P.Plain), Tuned = bench::median(P.Tuned);
  // The per-round difference is paired (same round, same conditions), so its
  // median is steadier than the difference of the medians.
  std::vector<double> Diff;
  for (std::size_t I = 0; I < P.Plain.size(); ++I)
    Diff.push_back(P.Tuned[I] - P.Plain[I]);
  double Overhead = bench::median(Diff);
  std::printf("%-20s %12.1f %12.1f %12.1f %10.2f %10.2f   %s\n", Name, Plain,
              Tuned, Overhead, 1e3 / Plain, 1e3 / Tuned, Unit);
  std::printf("BENCH dispatch %s plain_ns=%.2f tuned_ns=%.2f overhead_ns=%.2f "
              "plain_mps=%.3f tuned_mps=%.3f spread_plain_ns=%.2f "
              "spread_tuned_ns=%.2f %s\n",
              Name, Plain, Tuned, Overhead, 1e3 / Plain, 1e3 / Tuned,
              bench::spread(P.Plain), bench::spread(P.Tuned), Extra);
}

} // namespace

int main(int argc, char **argv) {
  bench::quietRuntime();
  int Rounds = 20;
  int Pairs = 2000;
  for (int I = 1; I + 1 < argc; ++I) {
    if (!std::strcmp(argv[I], "--rounds"))
      Rounds = std::atoi(argv[I + 1]);
    if (!std::strcmp(argv[I], "--pairs"))
      Pairs = std::atoi(argv[I + 1]);
  }
  if (Rounds < 1 || Pairs < 1) {
    std::fprintf(stderr, "dispatch: --rounds and --pairs take a number >= 1\n");
    return 2;
  }

  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  const int N = 1000;

  // Tune both sites and load both kernels before any timing.
  for (int I = 0; I < 100; ++I) {
    plainLaunch(N, S);
    tunedLaunch(N, S);
    plainCall(N);
    tunedCall(N);
    tunedStreamCall(N, S);
    getDeviceThenLaunch(N, S);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  bench::printDevice();
  std::printf("%d rounds, plain and tuned alternating; medians of rounds\n\n",
              Rounds);
  std::printf("%-20s %12s %12s %12s %10s %10s\n", "measurement", "plain ns",
              "tuned ns", "overhead ns", "plain M/s", "tuned M/s");

  // 1. Throughput: 10,000 launches per round and kind (200,000 each in 20
  // rounds), synchronisation included.
  const int Launches = 10000;
  auto Throughput = [&](void (*Launch)(int, cudaStream_t)) {
    return [&, Launch] {
      auto Start = Clock::now();
      for (int I = 0; I < Launches; ++I)
        Launch(N, S);
      CHECK_CUDA(cudaStreamSynchronize(S));
      return secondsSince(Start) * 1e9 / Launches;
    };
  };
  Pair T = alternate(Rounds, Throughput(plainLaunch), Throughput(tunedLaunch));
  char Extra[96];
  std::snprintf(Extra, sizeof Extra, "launches_per_round=%d", Launches);
  report("launch_throughput", "ns per launch, sync included", T, Extra);

  // 2. The host cost of a launch call: batches of 256 launches (far below the
  // launch queue's depth), timed without the synchronisation that follows;
  // 100 batches per round, the median batch.
  const int Batch = 256, Batches = 100;
  auto CallCost = [&](void (*Launch)(int, cudaStream_t)) {
    return [&, Launch] {
      std::vector<double> PerLaunch;
      for (int B = 0; B < Batches; ++B) {
        auto Start = Clock::now();
        for (int I = 0; I < Batch; ++I)
          Launch(N, S);
        PerLaunch.push_back(secondsSince(Start) * 1e9 / Batch);
        CHECK_CUDA(cudaStreamSynchronize(S));
      }
      return bench::median(PerLaunch);
    };
  };
  Pair C = alternate(Rounds, CallCost(plainLaunch), CallCost(tunedLaunch));
  std::snprintf(Extra, sizeof Extra, "batch=%d batches_per_round=%d", Batch,
                Batches);
  report("launch_call", "ns per launch call, no sync", C, Extra);
  CHECK_CUDA(cudaGetLastError());
  // Attribution: a plain launch with cudaGetDevice() before it.
  Pair G =
      alternate(Rounds, CallCost(plainLaunch), CallCost(getDeviceThenLaunch));
  std::snprintf(Extra, sizeof Extra,
                "batch=%d batches_per_round=%d role=attribution", Batch,
                Batches);
  report("launch_call_getdevice", "ns: 'tuned' = plain launch + cudaGetDevice",
         G, Extra);
  CHECK_CUDA(cudaGetLastError());

  // 2b. The same, paired batch by batch (see the top of this file).
  const int PairBatch = 64;
  std::snprintf(Extra, sizeof Extra, "batch=%d", PairBatch);
  reportPaired(
      "launch_call_paired", "ns per launch call, paired",
      pairedLaunchCost(Pairs, PairBatch, N, S, plainLaunch, tunedLaunch),
      Extra);
  std::snprintf(Extra, sizeof Extra, "batch=%d role=control", PairBatch);
  reportPaired(
      "launch_call_paired_aa", "ns: plain against plain",
      pairedLaunchCost(Pairs, PairBatch, N, S, plainLaunch, plainLaunch),
      Extra);
  std::snprintf(Extra, sizeof Extra, "batch=%d role=attribution", PairBatch);
  reportPaired("launch_call_paired_getdevice",
               "ns: plain launch + cudaGetDevice",
               pairedLaunchCost(Pairs, PairBatch, N, S, plainLaunch,
                                getDeviceThenLaunch),
               Extra);
  CHECK_CUDA(cudaGetLastError());

  // 3. Host statements: 1,000,000 calls per round.
  const int Calls = 1000000;
  auto HostCost = [&](void (*Call)(int)) {
    return [&, Call] {
      auto Start = Clock::now();
      for (int I = 0; I < Calls; ++I)
        Call(N);
      return secondsSince(Start) * 1e9 / Calls;
    };
  };
  Pair H = alternate(Rounds, HostCost(plainCall), HostCost(tunedCall));
  std::snprintf(Extra, sizeof Extra, "calls_per_round=%d", Calls);
  report("host_call", "ns per call", H, Extra);
  Pair L = alternate(Rounds, HostCost(plainCall), [&] {
    auto Start = Clock::now();
    for (int I = 0; I < Calls; ++I)
      tunedStreamCall(N, S);
    return secondsSince(Start) * 1e9 / Calls;
  });
  report("launch_path_call", "ns per call: a launch site's dispatch, no launch",
         L, Extra);
  Pair D = alternate(Rounds, HostCost(plainCall), HostCost(getDeviceCall));
  std::snprintf(Extra, sizeof Extra, "calls_per_round=%d role=attribution",
                Calls);
  report("getdevice_call", "ns: 'tuned' = cudaGetDevice + call", D, Extra);

  CHECK_CUDA(cudaStreamDestroy(S));
  return 0;
}
