// Warm start: what the first call of a tuned site costs when the persistent
// cache already holds its result, against tuning (an empty cache) and against
// AUTOTUNE=off (no tuning, no cache: the runtime's floor). Host statements,
// so it runs anywhere:
//
//   scripts/autotune-clang++ -O2 bench/warm_start.cpp -o build/warm_start
//   build/warm_start [--runs N]
//
// Each measurement is a fresh process (this program runs itself with
// --child), so that nothing of the runtime is warm but the cache on disk.
// The first call is timed with a steady clock around the statement, for one
// key and for 16 keys (one cache entry each); "later calls" is the hot path.
// The table reports medians over N processes (default 21) and min..max.
#include <autotune/autotune.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

float Data[256];
float Sink;

// Every variant does the same small amount of work: the figures are the
// runtime's costs, not the statement's.
#ifdef __CUDACC__
// The CUDA build (bench/warm_start_cuda.cu) tunes a launch: the first call
// with a warm cache reads the entry and launches; AUTOTUNE=off launches.
float *DeviceOut;

template <int UNROLL> __global__ void sumKernel(int n, float *Out) {
  float S = 0;
  for (int I = threadIdx.x * UNROLL; I + UNROLL <= n; I += 32 * UNROLL)
    for (int U = 0; U < UNROLL; ++U)
      S += I + U;
  atomicAdd(Out, S);
}

void step(int n, int part) {
#pragma autotune space(UNROLL = {1, 2, 4, 8}) key(part) name("warm_start_cuda")
  sumKernel<UNROLL><<<1, 32>>>(n, DeviceOut);
}

// The context and the output exist before the clock starts, in every case.
void prepare() {
  cudaMalloc(&DeviceOut, sizeof(float));
  cudaDeviceSynchronize();
}
void finishCall() { cudaDeviceSynchronize(); }
#else
void prepare() {}
void finishCall() {}
#endif

template <int UNROLL> void sum(int n) {
  float S[UNROLL] = {};
  for (int I = 0; I + UNROLL <= n; I += UNROLL)
    for (int U = 0; U < UNROLL; ++U)
      S[U] += Data[I + U];
  for (int U = 0; U < UNROLL; ++U)
    Sink += S[U];
}

#ifndef __CUDACC__
void step(int n, int part) {
#pragma autotune space(UNROLL = {1, 2, 4, 8}) key(part) name("warm_start")
  sum<UNROLL>(n);
}
#endif

double seconds(std::chrono::steady_clock::time_point A,
               std::chrono::steady_clock::time_point B) {
  return std::chrono::duration<double>(B - A).count();
}

// One process: the first call of each of Keys keys, then later calls.
int child(int Keys) {
  using Clock = std::chrono::steady_clock;
  prepare();
  auto Start = Clock::now();
  step(256, 0);
  finishCall();
  auto First = Clock::now();
  for (int K = 1; K < Keys; ++K)
    step(256, K);
  finishCall();
  auto AllFirst = Clock::now();
  constexpr int Later = 100000;
  for (int I = 0; I < Later; ++I)
    step(256, I % Keys);
  auto End = Clock::now();
  std::printf("%.9g %.9g %.9g\n", seconds(Start, First),
              seconds(Start, AllFirst), seconds(AllFirst, End) / Later);
  return 0;
}

struct Sample {
  double First = 0, AllFirst = 0, Later = 0;
};

bool runChild(const std::string &Env, int Keys, Sample &S) {
  std::string Command = "env " + Env + " /proc/" + std::to_string(getpid()) +
                        "/exe --child " + std::to_string(Keys);
  FILE *Out = popen(Command.c_str(), "r");
  if (!Out)
    return false;
  int Read = std::fscanf(Out, "%lf %lf %lf", &S.First, &S.AllFirst, &S.Later);
  return pclose(Out) == 0 && Read == 3;
}

struct Stats {
  double Median, Min, Max;
};

Stats stats(std::vector<double> V) {
  std::sort(V.begin(), V.end());
  std::size_t N = V.size();
  double Median = N % 2 ? V[N / 2] : (V[N / 2 - 1] + V[N / 2]) / 2;
  return {Median, V.front(), V.back()};
}

std::string format(double Seconds) {
  char Buffer[32];
  if (Seconds >= 1e-3)
    std::snprintf(Buffer, sizeof Buffer, "%.3g ms", Seconds * 1e3);
  else if (Seconds >= 1e-6)
    std::snprintf(Buffer, sizeof Buffer, "%.3g us", Seconds * 1e6);
  else
    std::snprintf(Buffer, sizeof Buffer, "%.3g ns", Seconds * 1e9);
  return Buffer;
}

std::string cell(const std::vector<double> &V) {
  Stats S = stats(V);
  return format(S.Median) + " (" + format(S.Min) + ".." + format(S.Max) + ")";
}

} // namespace

int main(int Argc, char **Argv) {
  if (Argc == 3 && std::strcmp(Argv[1], "--child") == 0)
    return child(std::atoi(Argv[2]));
  int Runs = 21;
  if (Argc == 3 && std::strcmp(Argv[1], "--runs") == 0)
    Runs = std::max(1, std::atoi(Argv[2]));

  char Template[] = "/tmp/autotune-warm-start-XXXXXX";
  if (!mkdtemp(Template)) {
    std::perror("mkdtemp");
    return 1;
  }
  std::string Root = Template;
  const int KeyCounts[] = {1, 16};
  struct Row {
    const char *Name;
    std::vector<double> First[2], Later;
  } Rows[] = {{"no cache: tunes", {}, {}},
              {"warm cache: reads the entry", {}, {}},
              {"AUTOTUNE=off: neither", {}, {}}};

  // The warm cache, filled once by an ordinary run.
  std::string Warm = Root + "/warm";
  Sample S;
  for (int Keys : KeyCounts)
    if (!runChild("AUTOTUNE_CACHE_DIR=" + Warm, Keys, S)) {
      std::fprintf(stderr, "warm_start: the child process failed\n");
      return 1;
    }

  for (int R = 0; R < Runs; ++R)
    for (int K = 0; K < 2; ++K) {
      std::string Cold =
          Root + "/cold-" + std::to_string(R) + "-" + std::to_string(K);
      std::string Envs[] = {"AUTOTUNE_CACHE_DIR=" + Cold,
                            "AUTOTUNE_CACHE_DIR=" + Warm,
                            "AUTOTUNE=off AUTOTUNE_CACHE_DIR=" + Warm};
      for (int Case = 0; Case < 3; ++Case) {
        if (!runChild(Envs[Case], KeyCounts[K], S)) {
          std::fprintf(stderr, "warm_start: the child process failed\n");
          return 1;
        }
        Rows[Case].First[K].push_back(K == 0 ? S.First : S.AllFirst);
        if (K == 0)
          Rows[Case].Later.push_back(S.Later);
      }
    }
  std::string Clean = "rm -rf " + Root;
  if (std::system(Clean.c_str()) != 0)
    std::fprintf(stderr, "warm_start: could not remove %s\n", Root.c_str());

#ifdef __CUDACC__
  const char *Kind = "a CUDA launch site";
#else
  const char *Kind = "a host site";
#endif
  std::printf("warm start: first call of %s (4 variants), median "
              "(min..max) of %d processes\n\n",
              Kind, Runs);
  std::printf("%-30s  %-30s  %-30s  %s\n", "first call", "1 key",
              "16 keys (all first calls)", "later calls");
  for (const Row &R : Rows)
    std::printf("%-30s  %-30s  %-30s  %s\n", R.Name, cell(R.First[0]).c_str(),
                cell(R.First[1]).c_str(), cell(R.Later).c_str());
  std::vector<double> Extra[2];
  for (int K = 0; K < 2; ++K)
    for (int R = 0; R < Runs; ++R)
      Extra[K].push_back(Rows[1].First[K][R] - Rows[2].First[K][R]);
  std::printf("%-30s  %-30s  %-30s\n", "warm start extra (warm - off)",
              format(stats(Extra[0]).Median).c_str(),
              format(stats(Extra[1]).Median).c_str());
  return 0;
}
