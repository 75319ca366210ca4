// Tuning cost and quality on every example's space: the examples' own tuned
// functions (saxpyRun, matmulRun, ...) are compiled here from examples/*.cu,
// so the sites measured are exactly the examples' sites.
//
//   scripts/build-bench && build/bench/tuning_cost [--cold] [--only NAME]
//   build/bench/tuning_cost --first-runs [--only NAME]
//   build/bench/tuning_cost --orders [--only NAME]
//
// For each example, on the example's own problem:
//   1. exhaustive: every point of the space launched directly, round-robin,
//      back to back on one stream, each launch between two events; the median
//      per point (module loading and clocks warmed up first);
//   2. tuning: the first call of the example's function, wall time on the
//      host; the runtime's AUTOTUNE_LOG=2 table (captured from stderr) gives
//      the winner and the timed runs per point. With AUTOTUNE_LOG=0 set by
//      the caller the call is timed as a program at the default level pays
//      it, without the table's cost, and the winner is the site's chosen
//      point (autotune/results.h); the runs are then not known;
//   3. the figures of issue 3: tuning time against
//      20 x (sum of one run of each point) + 50 us x points, and the winner's
//      exhaustive time against the exhaustive best (within 3 %); and issue
//      14's: tuning time against 2.5 x the floor (that same sum of one run of
//      each point), with the kernel runs by purpose (warm-up, timed, restore)
//      from the runtime's "runs:" line when it prints one.
// After the examples, two spaces that are not theirs: "blocksize6", 6 block
// sizes of an out-of-place scale-add, and "sgemm52", 52 tile shapes of the
// SGEMM-like kernel of bench/compile_scaling.sh (sgemm_kernel.h).
// Before the examples, a two-point site of an empty kernel is tuned once: the
// runtime's one-time costs of a process (environment, device identification,
// event creation) land there and are reported on their own line, not in the
// first example's figure. "matmul_noverify" is the matmul site without its
// verify(...) clause, to show what verification costs.
// With --cold the tuning comes first, so that it also pays for loading each
// variant's kernel (CUDA loads modules lazily); the default measures tuning
// alone. With --first-runs it tunes nothing: each space's points are launched
// in four passes, back to back, and each kernel's first run in the process is
// compared with the median of its three later runs (what the runtime's
// FirstRunAllowance rests on). With --orders it tunes nothing either: each
// space's exhaustive medians under three orders of the runs (measureOrders).
// Every line starting with "BENCH " is for bench/summarize.py.
#include "bench_common.h"
#include "first_use_site.h"
#include "held_out_sites.h"

// The runtime's element comparison for verify(...), timed on its own below
// to say where the matmul site's verify time goes (its host path).
#include "measure/OutputCheck.h"

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <chrono>
#include <cstring>
#include <fcntl.h>
#include <functional>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <type_traits>
#include <unistd.h>
#include <vector>

// The examples, each with its main() renamed out of the way.
#define main saxpyExampleMain
#include "saxpy.cu"
#undef main
#define main matmulExampleMain
#include "matmul.cu"
#undef main
#define main reductionExampleMain
#include "reduction.cu"
#undef main
#define main transposeExampleMain
#include "transpose.cu"
#undef main
#define main histogramExampleMain
#include "histogram.cu"
#undef main

// The example's saxpy site without restore(...).
void saxpyNoRestoreRun(int n, float a, const float *x, float *y,
                       cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256) key(n)     \
    name("saxpy_norestore")
  saxpy<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, a, x, y);
}

// Two spaces that are not the examples' (issue 14's "held-out" spaces).
// blocksize6: z = a * x + b * y, out of place, over 6 block sizes.

// The example's matmul site without verify(...).
void matmulNoVerifyRun(int n, const float *a, const float *b, float *c,
                       cudaStream_t s) {
#pragma autotune space(TILE = {8, 16, 32}, WORK = {1, 2, 4, 8})                \
    where(TILE % WORK == 0)                                                    \
        where(TILE *TILE / WORK >= 32) default(TILE = 16, WORK = 1) key(n)     \
            name("matmul_noverify")
  matmul<TILE, WORK><<<dim3((n + TILE - 1) / TILE, (n + TILE - 1) / TILE),
                       dim3(TILE, TILE / WORK), 0, s>>>(n, a, b, c);
}

namespace {

using Clock = std::chrono::steady_clock;

// AUTOTUNE_LOG as the runtime reads it for a tuning report.
int logLevel() {
  const char *Level = std::getenv("AUTOTUNE_LOG");
  return Level ? std::atoi(Level) : 0;
}

std::string compact(std::string Name) { // "TILE=16 WORK=1" -> "TILE=16,WORK=1"
  std::replace(Name.begin(), Name.end(), ' ', ',');
  return Name;
}

// One point of a space, launched directly (no autotune involved).
struct DirectVariant {
  std::string Name; // "TILE=16 WORK=1", as the runtime's log spells it
  std::function<void(cudaStream_t)> Launch;
};

// An example: its points (the same list as its pragma after where(...)), the
// tuned call, and what must happen before the tuned call.
struct ExampleCase {
  std::string Name; // also the site's name(...)
  std::vector<DirectVariant> Variants;
  std::function<void(cudaStream_t)> TunedCall;
  std::vector<long long> Key; // the values of the site's key(...) clause
  std::function<void(cudaStream_t)> Prepare = [](cudaStream_t) {};
  std::vector<void *> Allocations;
  ~ExampleCase() {
    for (void *P : Allocations)
      cudaFree(P);
  }
  template <class T> T *deviceCopy(const std::vector<T> &Host) {
    T *P = nullptr;
    CHECK_CUDA(cudaMalloc(&P, Host.size() * sizeof(T)));
    CHECK_CUDA(cudaMemcpy(P, Host.data(), Host.size() * sizeof(T),
                          cudaMemcpyHostToDevice));
    Allocations.push_back(P);
    return P;
  }
};

template <int... V> struct Values {};
template <int V> using Int = std::integral_constant<int, V>;

template <int... A, class F> void forEach(Values<A...>, F &&Fn) {
  (Fn(Int<A>{}), ...);
}
template <int... A, int... B, class F>
void forEach(Values<A...>, Values<B...>, F &&Fn) {
  (forEach(Values<B...>{}, [&](auto Y) { Fn(Int<A>{}, Y); }), ...);
}
template <int... A, int... B, int... C, class F>
void forEach(Values<A...>, Values<B...>, Values<C...>, F &&Fn) {
  (forEach(Values<B...>{}, Values<C...>{},
           [&](auto Y, auto Z) { Fn(Int<A>{}, Y, Z); }),
   ...);
}

std::string pointName(const char *P, int A) {
  return std::string(P) + "=" + std::to_string(A);
}
std::string pointName(const char *P, int A, const char *Q, int B) {
  return pointName(P, A) + " " + pointName(Q, B);
}
std::string pointName(const char *P, int A, const char *Q, int B, const char *R,
                      int C) {
  return pointName(P, A, Q, B) + " " + pointName(R, C);
}

// saxpy's inputs, as its main() makes them: x in [0, 1), y in [0, 77).
std::vector<float> rampUpTo1(int N) {
  std::vector<float> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = static_cast<float>(I % 1000) * 0.001f;
  return X;
}
std::vector<float> rampUpTo77(int N) {
  std::vector<float> Y(N);
  for (int I = 0; I < N; ++I)
    Y[I] = static_cast<float>(I % 77);
  return Y;
}

// matmul's N x N inputs, as its main() makes them: values in [-0.5, 0.5).
std::vector<float> matrixA(int N) {
  std::vector<float> A(N * N);
  for (int I = 0; I < N * N; ++I)
    A[I] = static_cast<float>((I * 7) % 13) / 13.0f - 0.5f;
  return A;
}
std::vector<float> matrixB(int N) {
  std::vector<float> B(N * N);
  for (int I = 0; I < N * N; ++I)
    B[I] = static_cast<float>((I * 5) % 11) / 11.0f - 0.5f;
  return B;
}

// --- The five examples, on the problems their main() uses ------------------

void makeSaxpy(ExampleCase &C, bool Restore) {
  const int N = 1 << 24;
  float *DX = C.deviceCopy(rampUpTo1(N)), *DY = C.deviceCopy(rampUpTo77(N));
  C.Name = Restore ? "saxpy" : "saxpy_norestore";
  forEach(Values<32, 64, 128, 256, 512, 1024>{}, [&](auto B) {
    constexpr int BLOCK = B;
    C.Variants.push_back({pointName("BLOCK", BLOCK), [=](cudaStream_t S) {
                            saxpy<BLOCK>
                                <<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, S>>>(
                                    N, 2.5f, DX, DY);
                          }});
  });
  if (Restore)
    C.TunedCall = [=](cudaStream_t S) { saxpyRun(N, 2.5f, DX, DY, S); };
  else
    C.TunedCall = [=](cudaStream_t S) {
      saxpyNoRestoreRun(N, 2.5f, DX, DY, S);
    };
  C.Key = {N};
}

void makeMatmul(ExampleCase &C, bool Verify) {
  const int N = 1024;
  float *DA = C.deviceCopy(matrixA(N)), *DB = C.deviceCopy(matrixB(N)),
        *DC = C.deviceCopy(std::vector<float>(N * N, 0.f));
  C.Name = Verify ? "matmul" : "matmul_noverify";
  forEach(Values<8, 16, 32>{}, Values<1, 2, 4, 8>{}, [&](auto T, auto W) {
    constexpr int TILE = T, WORK = W;
    if constexpr (TILE % WORK == 0 && TILE * TILE / WORK >= 32)
      C.Variants.push_back(
          {pointName("TILE", TILE, "WORK", WORK), [=](cudaStream_t S) {
             matmul<TILE, WORK>
                 <<<dim3((N + TILE - 1) / TILE, (N + TILE - 1) / TILE),
                    dim3(TILE, TILE / WORK), 0, S>>>(N, DA, DB, DC);
           }});
  });
  if (Verify)
    C.TunedCall = [=](cudaStream_t S) { matmulRun(N, DA, DB, DC, S); };
  else
    C.TunedCall = [=](cudaStream_t S) { matmulNoVerifyRun(N, DA, DB, DC, S); };
  C.Key = {N};
}

void makeReduction(ExampleCase &C) {
  const int N = (1 << 25) + 12345;
  std::vector<int> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = (I * 2654435761u) % 2001 - 1000;
  int *DIn = C.deviceCopy(In);
  unsigned long long *DSum =
      C.deviceCopy(std::vector<unsigned long long>(1, 0));
  C.Name = "reduction";
  forEach(
      Values<64, 128, 256, 512, 1024>{}, Values<1, 2, 4, 8, 16>{},
      [&](auto B, auto I) {
        constexpr int BLOCK = B, ITEMS = I;
        if constexpr (BLOCK * ITEMS <= 8192)
          C.Variants.push_back(
              {pointName("BLOCK", BLOCK, "ITEMS", ITEMS), [=](cudaStream_t S) {
                 reduceSum<BLOCK, ITEMS>
                     <<<(N + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0,
                        S>>>(N, DIn, DSum);
               }});
      });
  C.Prepare = [=](cudaStream_t S) {
    CHECK_CUDA(cudaMemsetAsync(DSum, 0, sizeof(unsigned long long), S));
  };
  C.TunedCall = [=](cudaStream_t S) { sumRun(N, DIn, DSum, S); };
  C.Key = {N};
}

void makeTranspose(ExampleCase &C) {
  const int Rows = 4000, Cols = 6000;
  std::vector<float> In(static_cast<size_t>(Rows) * Cols);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<float>(I % 100003);
  float *DIn = C.deviceCopy(In), *DOut = C.deviceCopy(In);
  C.Name = "transpose";
  forEach(Values<16, 32, 64>{}, Values<2, 4, 8, 16, 32>{}, [&](auto T, auto R) {
    constexpr int TILE = T, ROWS = R;
    if constexpr (ROWS <= TILE && TILE * ROWS <= 1024 && TILE * ROWS >= 64)
      C.Variants.push_back(
          {pointName("TILE", TILE, "ROWS", ROWS), [=](cudaStream_t S) {
             transpose<TILE, ROWS>
                 <<<dim3((Cols + TILE - 1) / TILE, (Rows + TILE - 1) / TILE),
                    dim3(TILE, ROWS), 0, S>>>(Rows, Cols, DIn, DOut);
           }});
  });
  C.TunedCall = [=](cudaStream_t S) { transposeRun(Rows, Cols, DIn, DOut, S); };
  C.Key = {Rows, Cols};
}

void makeHistogram(ExampleCase &C) {
  const int N = 50 * 1000 * 1000;
  std::vector<unsigned char> Data(N);
  unsigned State = 12345;
  for (int I = 0; I < N; ++I) {
    State = State * 1103515245u + 12345u;
    Data[I] =
        static_cast<unsigned char>((State >> 16) % (1 + (State >> 8) % 256));
  }
  unsigned char *DData = C.deviceCopy(Data);
  unsigned *DBins = C.deviceCopy(std::vector<unsigned>(Bins, 0));
  C.Name = "histogram";
  forEach(
      Values<128, 256, 512, 1024>{}, Values<1, 4, 16, 64>{},
      [&](auto B, auto I) {
        constexpr int BLOCK = B, ITEMS = I;
        C.Variants.push_back(
            {pointName("BLOCK", BLOCK, "ITEMS", ITEMS), [=](cudaStream_t S) {
               histogram<BLOCK, ITEMS>
                   <<<(N + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, S>>>(
                       N, DData, DBins);
             }});
      });
  C.Prepare = [=](cudaStream_t S) {
    CHECK_CUDA(cudaMemsetAsync(DBins, 0, Bins * sizeof(unsigned), S));
  };
  C.TunedCall = [=](cudaStream_t S) { histogramRun(N, DData, DBins, S); };
  C.Key = {N};
}

// --- Held-out spaces: not the examples' kernels or problems ----------------

// 2^25 floats: 384 MiB moved per run, about 130-150 us on an H100.
void makeBlockSize6(ExampleCase &C) {
  const int N = 1 << 25;
  std::vector<float> Y = rampUpTo77(N);
  float *DX = C.deviceCopy(rampUpTo1(N)), *DY = C.deviceCopy(Y),
        *DZ = C.deviceCopy(Y);
  C.Name = "blocksize6";
  forEach(Values<32, 64, 128, 256, 512, 1024>{}, [&](auto B) {
    constexpr int BLOCK = B;
    C.Variants.push_back({pointName("BLOCK", BLOCK), [=](cudaStream_t S) {
                            scaleAdd<BLOCK>
                                <<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, S>>>(
                                    N, 2.5f, DX, -0.5f, DY, DZ);
                          }});
  });
  C.TunedCall = [=](cudaStream_t S) {
    scaleAddRun(N, 2.5f, DX, -0.5f, DY, DZ, S);
  };
  C.Key = {N};
}

// 1024 x 1024 x 1024: 2.1 GFLOP per run, so that three timed runs of each of
// the 52 points stay well inside the runtime's limit of 1 s of timed runs
// (docs/runtime.md); at 2048, 8 times the work, the slow tiles would reach it
// and the limit, not the tuner, would decide how much is measured.
void makeSgemm52(ExampleCase &C) {
  const int N = 1024;
  float *DA = C.deviceCopy(matrixA(N)), *DB = C.deviceCopy(matrixB(N)),
        *DC = C.deviceCopy(std::vector<float>(N * N, 0.f));
  C.Name = "sgemm52";
  forEach(
      Values<16, 32, 64, 128>{}, Values<16, 32, 64, 128>{},
      Values<4, 8, 16, 32>{}, [&](auto Rows, auto Cols, auto Depth) {
        constexpr int BM = Rows, BN = Cols, BK = Depth;
        if constexpr (BM * BN >= 1024)
          C.Variants.push_back(
              {pointName("BM", BM, "BN", BN, "BK", BK), [=](cudaStream_t S) {
                 sgemm<BM, BN, BK>
                     <<<dim3((N + BN - 1) / BN, (N + BM - 1) / BM),
                        (BM / 4) * (BN / 4), 0, S>>>(N, N, N, DA, DB, DC);
               }});
      });
  C.TunedCall = [=](cudaStream_t S) { sgemmRun(N, N, N, DA, DB, DC, S); };
  C.Key = {N, N, N};
}

// --- Exhaustive measurement -------------------------------------------------

struct Exhaustive {
  std::vector<double> Median; // seconds per point; negative: failed to launch
  int Reps = 0;
};

// Launches the points in Order back to back on S, one event between
// consecutive launches, so that each launch is timed while the stream is busy
// (no launch latency in it); the seconds of each point's launches.
std::vector<std::vector<double>>
timeInOrder(ExampleCase &C, cudaStream_t S,
            const std::vector<std::size_t> &Order) {
  std::vector<cudaEvent_t> Events(Order.size() + 1);
  for (cudaEvent_t &Ev : Events)
    CHECK_CUDA(cudaEventCreate(&Ev));
  CHECK_CUDA(cudaEventRecord(Events[0], S));
  for (std::size_t J = 0; J < Order.size(); ++J) {
    C.Variants[Order[J]].Launch(S);
    CHECK_CUDA(cudaEventRecord(Events[J + 1], S));
  }
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaGetLastError());
  std::vector<std::vector<double>> Samples(C.Variants.size());
  for (std::size_t J = 0; J < Order.size(); ++J) {
    float Ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&Ms, Events[J], Events[J + 1]));
    Samples[Order[J]].push_back(Ms * 1e-3);
  }
  for (cudaEvent_t &Ev : Events)
    CHECK_CUDA(cudaEventDestroy(Ev));
  return Samples;
}

Exhaustive measureExhaustive(ExampleCase &C, cudaStream_t S) {
  const std::size_t V = C.Variants.size();
  Exhaustive E;
  E.Median.assign(V, -1);
  std::vector<bool> Ok(V, true);

  cudaEvent_t A, B;
  CHECK_CUDA(cudaEventCreate(&A));
  CHECK_CUDA(cudaEventCreate(&B));
  // Warm-up (module loading, clocks), and a first estimate for the budget.
  double Sum = 0;
  for (std::size_t I = 0; I < V; ++I) {
    for (int W = 0; W < 3; ++W)
      C.Variants[I].Launch(S);
    CHECK_CUDA(cudaEventRecord(A, S));
    C.Variants[I].Launch(S);
    CHECK_CUDA(cudaEventRecord(B, S));
    cudaError_t Err = cudaGetLastError();
    CHECK_CUDA(cudaEventSynchronize(B));
    if (Err != cudaSuccess) {
      Ok[I] = false;
      continue;
    }
    float Ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&Ms, A, B));
    Sum += Ms * 1e-3;
  }
  // About half a second per example, at least 30 and at most 200 runs each.
  E.Reps = static_cast<int>(std::clamp(0.5 / std::max(Sum, 1e-9), 30.0, 200.0));

  // Round-robin, back to back.
  std::vector<std::size_t> Order;
  for (int R = 0; R < E.Reps; ++R)
    for (std::size_t I = 0; I < V; ++I)
      if (Ok[I])
        Order.push_back(I);
  std::vector<std::vector<double>> Samples = timeInOrder(C, S, Order);
  for (std::size_t I = 0; I < V; ++I)
    if (Ok[I])
      E.Median[I] = bench::median(Samples[I]);
  CHECK_CUDA(cudaEventDestroy(A));
  CHECK_CUDA(cudaEventDestroy(B));
  return E;
}

// --- Orders (--orders) -------------------------------------------------------

// What the exhaustive measurement's order does to each point's median: the
// fixed round-robin of measureExhaustive (each point always after the same
// one), rounds in a new random order each (after any point), and each point
// in a block of its own runs (after itself, as in a program that calls the
// statement over and over). Every point's gap to the fastest under each.
void measureOrders(ExampleCase &C, cudaStream_t S) {
  Exhaustive E = measureExhaustive(C, S); // kernels loaded, clocks up
  const std::size_t V = C.Variants.size();
  std::vector<std::size_t> Points;
  for (std::size_t I = 0; I < V; ++I)
    if (E.Median[I] > 0)
      Points.push_back(I);
  std::mt19937 Random(12345);
  std::vector<std::size_t> Shuffled, Blocks;
  for (int R = 0; R < E.Reps; ++R) {
    std::vector<std::size_t> Round = Points;
    std::shuffle(Round.begin(), Round.end(), Random);
    Shuffled.insert(Shuffled.end(), Round.begin(), Round.end());
  }
  for (std::size_t I : Points)
    // The first run of a block follows another point: 3 are dropped.
    Blocks.insert(Blocks.end(), E.Reps + 3, I);
  std::vector<std::vector<double>> ShuffledRuns = timeInOrder(C, S, Shuffled);
  std::vector<std::vector<double>> BlockRuns = timeInOrder(C, S, Blocks);
  std::vector<double> Fixed(V, -1), Any(V, -1), Self(V, -1);
  for (std::size_t I : Points) {
    Fixed[I] = E.Median[I];
    Any[I] = bench::median(ShuffledRuns[I]);
    BlockRuns[I].erase(BlockRuns[I].begin(), BlockRuns[I].begin() + 3);
    Self[I] = bench::median(BlockRuns[I]);
  }
  auto Fastest = [&](const std::vector<double> &T) {
    double Best = -1;
    for (std::size_t I : Points)
      if (Best < 0 || T[I] < Best)
        Best = T[I];
    return Best;
  };
  double BestFixed = Fastest(Fixed), BestAny = Fastest(Any),
         BestSelf = Fastest(Self);
  std::printf("\n-- %s: median us (gap %%) by order, %d runs each\n"
              "   %-22s %17s %17s %17s\n",
              C.Name.c_str(), E.Reps, "point", "fixed round-robin",
              "random rounds", "after itself");
  for (std::size_t I : Points) {
    std::printf("   %-22s %9.2f (%5.2f) %9.2f (%5.2f) %9.2f (%5.2f)\n",
                C.Variants[I].Name.c_str(), Fixed[I] * 1e6,
                (Fixed[I] / BestFixed - 1) * 100, Any[I] * 1e6,
                (Any[I] / BestAny - 1) * 100, Self[I] * 1e6,
                (Self[I] / BestSelf - 1) * 100);
    std::printf("BENCH order %s point=%s fixed_us=%.3f random_us=%.3f "
                "self_us=%.3f\n",
                C.Name.c_str(), compact(C.Variants[I].Name).c_str(),
                Fixed[I] * 1e6, Any[I] * 1e6, Self[I] * 1e6);
  }
}

// --- First runs (--first-runs) ----------------------------------------------

// Keeps the stream busy for Ns nanoseconds (one thread).
__global__ void busyFor(unsigned long long Ns) {
  unsigned long long Start, Now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Now));
  } while (Now - Start < Ns);
}

// A kernel's first run in a process against its later runs, what the
// runtime's FirstRunAllowance rests on: every point launched in four
// passes, each queued behind 20 ms of busy stream, so that each run follows
// another run and none waits for the host (nor for a kernel being loaded);
// only the first pass loads kernels. Per point: the first run minus the
// median of the three later ones. A pass whose busy stream ran out before
// its last launch says so (dry=1): its runs may include host time. Must
// come before anything else has run the points.
void measureFirstRuns(ExampleCase &C, cudaStream_t S) {
  constexpr int Passes = 4;
  const std::size_t V = C.Variants.size();
  std::vector<cudaEvent_t> Events(Passes * (V + 1));
  for (cudaEvent_t &E : Events)
    CHECK_CUDA(cudaEventCreate(&E));
  std::vector<bool> Ok(V, true);
  bool Dry = false;
  for (int Pass = 0; Pass < Passes; ++Pass) {
    busyFor<<<1, 1, 0, S>>>(20'000'000ull);
    cudaEvent_t Lead = Events[Pass * (V + 1)];
    CHECK_CUDA(cudaEventRecord(Lead, S));
    for (std::size_t I = 0; I < V; ++I) {
      C.Variants[I].Launch(S);
      Ok[I] = Ok[I] && cudaGetLastError() == cudaSuccess;
      CHECK_CUDA(cudaEventRecord(Events[Pass * (V + 1) + I + 1], S));
    }
    cudaError_t Busy = cudaEventQuery(Lead);
    Dry = Dry || Busy == cudaSuccess;
    if (Busy != cudaErrorNotReady)
      CHECK_CUDA(Busy);
  }
  CHECK_CUDA(cudaStreamSynchronize(S));
  auto RunUs = [&](int Pass, std::size_t I) {
    float Ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&Ms, Events[Pass * (V + 1) + I],
                                    Events[Pass * (V + 1) + I + 1]));
    return Ms * 1e3;
  };
  std::vector<double> Extra, Percent;
  std::printf("\n-- %s: first run against the median of %d later runs, us%s\n",
              C.Name.c_str(), Passes - 1,
              Dry ? " (WARNING: the stream ran dry in a pass)" : "");
  for (std::size_t I = 0; I < V; ++I) {
    if (!Ok[I])
      continue;
    std::vector<double> Later;
    for (int Pass = 1; Pass < Passes; ++Pass)
      Later.push_back(RunUs(Pass, I));
    double First = RunUs(0, I), Typical = bench::median(Later);
    Extra.push_back(First - Typical);
    Percent.push_back((First / Typical - 1) * 100);
    std::printf("   %-22s %9.1f %9.1f %+7.1f\n", C.Variants[I].Name.c_str(),
                First, Typical, Extra.back());
  }
  if (!Extra.empty())
    std::printf(
        "BENCH first_run %s points=%zu extra_us_min=%.1f "
        "extra_us_median=%.1f extra_us_max=%.1f extra_pct_median=%.1f "
        "extra_pct_max=%.1f dry=%d\n",
        C.Name.c_str(), Extra.size(),
        *std::min_element(Extra.begin(), Extra.end()), bench::median(Extra),
        *std::max_element(Extra.begin(), Extra.end()), bench::median(Percent),
        *std::max_element(Percent.begin(), Percent.end()), Dry ? 1 : 0);
  for (cudaEvent_t &E : Events)
    CHECK_CUDA(cudaEventDestroy(E));
}

// --- The tuning, and what its log says --------------------------------------

struct TableRow {
  std::string Status;
  int Runs = 0;
};

// Kernel runs by what they were for, from the runtime's line
// "  runs: W warm-up, T timed, R restores" under its table (negative: no
// such line).
struct RunsByPurpose {
  int WarmUp = -1;
  int Timed = -1;
  int Restores = -1;
};

struct Tuning {
  double WallSeconds = 0;
  double RuntimeSeconds = -1; // "tuned in ..." of the summary line
  std::string Winner;
  std::map<std::string, TableRow> Rows; // by point name
  RunsByPurpose Runs;
  std::string Log;
};

double parseSeconds(const std::string &Number, const std::string &Unit) {
  double V = std::atof(Number.c_str());
  if (Unit == "s")
    return V;
  if (Unit == "ms")
    return V * 1e-3;
  if (Unit == "us")
    return V * 1e-6;
  if (Unit == "ns")
    return V * 1e-9;
  return -1; // not a unit the log writes: the figure is left out
}

bool isInteger(const std::string &S) {
  if (S.empty())
    return false;
  std::size_t I = S[0] == '-' ? 1 : 0;
  return I < S.size() &&
         S.find_first_not_of("0123456789", I) == std::string::npos;
}

// Reads the AUTOTUNE_LOG=2 output: the summary line, the table, whose rows
// are "<values...> <status> <best> <median> <runs> [(default)]", and the runs
// line under it.
void parseLog(Tuning &T, const std::vector<std::string> &ParamNames) {
  std::istringstream Lines(T.Log);
  std::string Line;
  const std::string Prefix = "autotune: ";
  while (std::getline(Lines, Line)) {
    if (Line.compare(0, Prefix.size(), Prefix) != 0)
      continue;
    std::string Body = Line.substr(Prefix.size());
    std::size_t At = Body.find(", tuned in ");
    if (At != std::string::npos) {
      std::istringstream Rest(Body.substr(At + 11));
      std::string Number, Unit;
      Rest >> Number >> Unit;
      // The unit ends the clause: "tuned in 2.08 ms; to fix it ...".
      T.RuntimeSeconds = parseSeconds(Number, Unit.substr(0, Unit.find(';')));
    }
    const std::string RunsLine = "  runs: ";
    if (Body.compare(0, RunsLine.size(), RunsLine) == 0) {
      RunsByPurpose R;
      R.Restores = 0; // "R restores" may be left out when there are none
      if (std::sscanf(Body.c_str() + RunsLine.size(),
                      "%d warm-up, %d timed, %d", &R.WarmUp, &R.Timed,
                      &R.Restores) >= 2)
        T.Runs = R;
      continue;
    }
    std::istringstream Words(Body);
    std::vector<std::string> W;
    for (std::string S; Words >> S;)
      W.push_back(S);
    const std::size_t P = ParamNames.size();
    if (W.size() < P + 3 || !isInteger(W[0]))
      continue;
    std::string Name;
    for (std::size_t I = 0; I < P; ++I)
      Name += (I ? " " : "") + ParamNames[I] + "=" + W[I];
    if (W.back() == "(default)")
      W.pop_back();
    TableRow Row;
    Row.Runs = std::atoi(W.back().c_str());
    Row.Status = W[P];
    if (W[P] == "launch" || W[P] == "not")
      Row.Status += " " + W[P + 1];
    if (Row.Status == "winner")
      T.Winner = Name;
    T.Rows[Name] = Row;
  }
}

std::vector<std::string> paramNames(const ExampleCase &C) {
  std::vector<std::string> Names;
  std::istringstream Words(C.Variants.front().Name);
  for (std::string W; Words >> W;)
    Names.push_back(W.substr(0, W.find('=')));
  return Names;
}

Tuning tune(ExampleCase &C, cudaStream_t S) {
  Tuning T;
  C.Prepare(S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  // The runtime logs to stderr: send it to a file for the duration.
  std::fflush(stderr);
  char Path[] = "/tmp/autotune-bench-XXXXXX";
  int File = mkstemp(Path);
  int Saved = dup(2);
  if (File < 0 || Saved < 0) {
    std::perror("tuning_cost: capturing stderr");
    std::exit(1);
  }
  dup2(File, 2);
  auto Start = Clock::now();
  C.TunedCall(S);
  T.WallSeconds = std::chrono::duration<double>(Clock::now() - Start).count();
  std::fflush(stderr);
  dup2(Saved, 2);
  close(Saved);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  lseek(File, 0, SEEK_SET);
  char Buffer[4096];
  for (ssize_t Got; (Got = read(File, Buffer, sizeof Buffer)) > 0;)
    T.Log.append(Buffer, static_cast<std::size_t>(Got));
  close(File);
  unlink(Path);
  parseLog(T, paramNames(C));
  // The site's own answer (autotune/results.h): the winner where the log
  // has no table (AUTOTUNE_LOG below 2), and a check of the table's.
  autotune::Choice Chosen = autotune::detail::choiceOf(
      C.Name.c_str(), C.Key.data(), static_cast<unsigned>(C.Key.size()), false);
  if (!Chosen)
    std::printf("tuning_cost: warning: %s has no tuned point: %s\n",
                C.Name.c_str(), Chosen.reason().c_str());
  else if (T.Winner.empty())
    T.Winner = Chosen.text();
  else if (T.Winner != Chosen.text())
    std::printf("tuning_cost: warning: %s: the log's winner is %s, the "
                "site's chosen point %s\n",
                C.Name.c_str(), T.Winner.c_str(), Chosen.text().c_str());
  return T;
}

void runCase(ExampleCase &C, bool Cold, cudaStream_t S) {
  Exhaustive E;
  Tuning T;
  if (Cold) {
    T = tune(C, S);
    E = measureExhaustive(C, S);
  } else {
    E = measureExhaustive(C, S);
    T = tune(C, S);
  }

  std::printf("\n-- %s: runtime log\n%s", C.Name.c_str(), T.Log.c_str());
  std::printf("-- %s: exhaustive (%d runs each, median)\n", C.Name.c_str(),
              E.Reps);
  double SumOne = 0;
  std::size_t Best = 0;
  for (std::size_t I = 0; I < C.Variants.size(); ++I) {
    double M = E.Median[I];
    std::printf("   %-22s %s\n", C.Variants[I].Name.c_str(),
                M < 0 ? "failed to launch"
                      : (std::to_string(M * 1e6) + " us").c_str());
    if (M < 0)
      continue;
    SumOne += M;
    if (E.Median[Best] < 0 || M < E.Median[Best])
      Best = I;
  }

  // Kernel runs from the table: per point, its warm-up (if it ran) and its
  // timed runs; plus the final launch of the winner.
  int Timed = 0, WarmUps = 0, Measured = 0;
  int Missing = 0;
  for (const DirectVariant &V : C.Variants) {
    auto It = T.Rows.find(V.Name);
    if (It == T.Rows.end()) {
      ++Missing;
      continue;
    }
    Timed += It->second.Runs;
    bool Ran = It->second.Status != "not measured" &&
               It->second.Status != "launch failed";
    WarmUps += Ran;
    Measured += Ran;
  }
  // Below AUTOTUNE_LOG=2 the log has neither the table nor the runs line:
  // the runs are not known.
  const bool HasTable = !T.Rows.empty();
  if (HasTable && (Missing || T.Rows.size() != C.Variants.size()))
    std::printf("tuning_cost: warning: the site's table has %zu points, this "
                "benchmark %zu (%d not found): the lists differ\n",
                T.Rows.size(), C.Variants.size(), Missing);
  // By purpose: the runtime's own count when it prints one, else the table's
  // (which cannot tell restores).
  const bool RunsFromRuntime = T.Runs.WarmUp >= 0;
  RunsByPurpose Runs = T.Runs;
  if (!RunsFromRuntime)
    Runs = {WarmUps, Timed, -1};
  int KernelRuns = Runs.WarmUp + Runs.Timed + 1;
  std::string RunsFields;
  if (RunsFromRuntime || HasTable) {
    char Fields[200];
    std::snprintf(Fields, sizeof Fields,
                  " measured=%d timed_runs=%d kernel_runs=%d warmup_runs=%d "
                  "timed_runs_total=%d",
                  Measured, Timed, KernelRuns, Runs.WarmUp, Runs.Timed);
    RunsFields = Fields;
    if (Runs.Restores >= 0)
      RunsFields += " restores=" + std::to_string(Runs.Restores);
  }

  const double Points = static_cast<double>(C.Variants.size());
  const double Floor = SumOne; // issue 14's floor: one run of each point
  double Bound = 20 * SumOne + 50e-6 * Points;
  double Chosen = -1, Gap = -1;
  for (std::size_t I = 0; I < C.Variants.size(); ++I)
    if (C.Variants[I].Name == T.Winner)
      Chosen = E.Median[I];
  if (Chosen > 0)
    Gap = (Chosen / E.Median[Best] - 1) * 100;

  std::string RuntimeField;
  if (T.RuntimeSeconds >= 0)
    RuntimeField = " runtime_ms=" + std::to_string(T.RuntimeSeconds * 1e3);
  std::printf("BENCH tuning %s variants=%zu%s runs_from=%s log=%d "
              "tuning_ms=%.3f%s sum_one_run_ms=%.4f floor_ms=%.4f "
              "floor_ratio=%.3f bound_ms=%.3f bound_ratio=%.3f chosen=%s "
              "chosen_us=%.2f best=%s best_us=%.2f gap_pct=%.2f cold=%d "
              "exhaustive_reps=%d\n",
              C.Name.c_str(), C.Variants.size(), RunsFields.c_str(),
              RunsFromRuntime ? "runtime"
              : HasTable      ? "table"
                              : "none",
              logLevel(), T.WallSeconds * 1e3, RuntimeField.c_str(),
              SumOne * 1e3, Floor * 1e3, T.WallSeconds / Floor, Bound * 1e3,
              T.WallSeconds / Bound,
              compact(T.Winner.empty() ? "?" : T.Winner).c_str(), Chosen * 1e6,
              compact(C.Variants[Best].Name).c_str(), E.Median[Best] * 1e6, Gap,
              Cold ? 1 : 0, E.Reps);
  std::printf("%-10s %3zu pts %4s runs  tuning %8.2f ms  bound %8.2f ms (%s)  "
              "%5.2f x floor (%s)  chosen %-18s best %-18s gap %6.2f %% (%s)\n",
              C.Name.c_str(), C.Variants.size(),
              RunsFields.empty() ? "-" : std::to_string(KernelRuns).c_str(),
              T.WallSeconds * 1e3, Bound * 1e3,
              T.WallSeconds <= Bound ? "met" : "MISSED", T.WallSeconds / Floor,
              T.WallSeconds <= 2.5 * Floor ? "met" : "MISSED",
              compact(T.Winner).c_str(), compact(C.Variants[Best].Name).c_str(),
              Gap, Gap >= 0 && Gap <= 3 ? "met" : "MISSED");
}

// What verify(...)'s host path does per variant for the matmul site's
// c[n * n] (4 MiB of float): one copy to pageable host memory, then the
// element comparison. A device buffer is compared on the device where
// autotune_cuda has the kernel (bench/verify_cost.cu times both).
void measureVerifyParts(cudaStream_t S) {
  const std::size_t Count = 1024 * 1024, Bytes = Count * sizeof(float);
  std::vector<float> Host(Count), Reference(Count);
  for (std::size_t I = 0; I < Count; ++I)
    Host[I] = Reference[I] = static_cast<float>(I % 1000) * 0.37f - 100.f;
  float *Device = nullptr;
  CHECK_CUDA(cudaMalloc(&Device, Bytes));
  CHECK_CUDA(cudaMemcpy(Device, Host.data(), Bytes, cudaMemcpyHostToDevice));
  std::vector<double> Copy, Compare;
  for (int R = 0; R < 11; ++R) {
    auto Start = Clock::now();
    CHECK_CUDA(
        cudaMemcpyAsync(Host.data(), Device, Bytes, cudaMemcpyDefault, S));
    CHECK_CUDA(cudaStreamSynchronize(S));
    auto Middle = Clock::now();
    std::string Problem;
    bool Same = autotune::sameElements(
        autotune::ElementKind::Float32, sizeof(float),
        reinterpret_cast<const unsigned char *>(Host.data()),
        reinterpret_cast<const unsigned char *>(Reference.data()), Bytes,
        autotune::toleranceFor(autotune::ElementKind::Float32, 1e-4, -1), "c",
        Problem);
    auto End = Clock::now();
    if (!Same)
      std::printf("tuning_cost: unexpected mismatch: %s\n", Problem.c_str());
    Copy.push_back(std::chrono::duration<double>(Middle - Start).count());
    Compare.push_back(std::chrono::duration<double>(End - Middle).count());
  }
  CHECK_CUDA(cudaFree(Device));
  std::printf("BENCH verify matmul_c copy_ms=%.3f compare_ms=%.3f bytes=%zu\n",
              bench::median(Copy) * 1e3, bench::median(Compare) * 1e3, Bytes);
}

} // namespace

int main(int argc, char **argv) {
  bench::quietRuntime();
  // Level 2 unless the caller chose one: its table gives the runs of each
  // point, and costs the tuned call about 0.1 ms of formatting and writing
  // on an H200's host (docs/performance.md section 18); a program at the
  // default level 0 does not pay it.
  setenv("AUTOTUNE_LOG", "2", 0);
  bool Cold = false, FirstRuns = false, Orders = false;
  std::string Only;
  for (int I = 1; I < argc; ++I) {
    if (!std::strcmp(argv[I], "--cold"))
      Cold = true;
    else if (!std::strcmp(argv[I], "--first-runs"))
      FirstRuns = true;
    else if (!std::strcmp(argv[I], "--orders"))
      Orders = true;
    else if (!std::strcmp(argv[I], "--only") && I + 1 < argc)
      Only = argv[++I];
  }
  bench::printDevice();
  std::printf("log level: %d (AUTOTUNE_LOG)\n", logLevel());
  using Maker = void (*)(ExampleCase &);
  const std::pair<const char *, Maker> Cases[] = {
      {"saxpy", [](ExampleCase &C) { makeSaxpy(C, true); }},
      {"saxpy_norestore", [](ExampleCase &C) { makeSaxpy(C, false); }},
      {"matmul", [](ExampleCase &C) { makeMatmul(C, true); }},
      {"matmul_noverify", [](ExampleCase &C) { makeMatmul(C, false); }},
      {"reduction", makeReduction},
      {"transpose", makeTranspose},
      {"histogram", makeHistogram},
      {"blocksize6", makeBlockSize6},
      {"sgemm52", makeSgemm52},
  };
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  if (Orders || FirstRuns) {
    for (const auto &[Name, Make] : Cases) {
      // Their kernels are saxpy's and matmul's: loaded already after those,
      // and their exhaustive medians are those too.
      bool SharesKernels = !std::strcmp(Name, "saxpy_norestore") ||
                           !std::strcmp(Name, "matmul_noverify");
      if (!Only.empty() && Only != Name)
        continue;
      if (SharesKernels) {
        std::printf("\n-- %s: not measured (its kernels are %s's)\n", Name,
                    Name[0] == 's' ? "saxpy" : "matmul");
        continue;
      }
      ExampleCase C;
      Make(C);
      if (Orders)
        measureOrders(C, S);
      else
        measureFirstRuns(C, S);
    }
    CHECK_CUDA(cudaStreamDestroy(S));
    return 0;
  }
  std::printf("order: %s\n",
              Cold ? "tuning first (cold: includes lazy module "
                     "loading), then exhaustive"
                   : "exhaustive first (kernels loaded), then tuning");
  // The runtime's one-time costs, out of the examples' figures.
  auto Start = Clock::now();
  firstUseRun(1, S);
  double FirstUse = std::chrono::duration<double>(Clock::now() - Start).count();
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::printf("BENCH runtime first_use tuning_ms=%.3f cold=%d\n",
              FirstUse * 1e3, Cold ? 1 : 0);

  for (const auto &[Name, Make] : Cases) {
    if (!Only.empty() && Only != Name)
      continue;
    ExampleCase C;
    Make(C);
    runCase(C, Cold, S);
  }
  if (Only.empty())
    measureVerifyParts(S);
  CHECK_CUDA(cudaStreamDestroy(S));
  return 0;
}
