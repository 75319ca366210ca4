// What verify(...) costs per variant for a float output of 40 MiB and of
// 1600 MiB (the issue's 40 MB and 1.6 GB): the runtime's comparison on the
// device (OutputCheck with the CUDA backend: the reference kept on the device,
// one kernel, the verdict and at most one element of each side copied back)
// against the host path that the runtime keeps for host buffers and took for
// every buffer before (the output copied to pageable host memory, then compared
// there with the runtime's sameElements).
//
//   scripts/build-bench && build/bench/bin/verify_cost [--runs N] [--small]
//
// Three outputs of each size, each timed --runs times (default 11; the host
// path of 1600 MiB 3 times), medians printed:
//   equal   the variant reproduces the default point bit for bit;
//   within  every element differs, within the bounds (relatively 1e-7);
//   differs every element equal but the third from the end, far off.
// --small runs the 40 MiB size alone. Every line starting with "BENCH " is
// one figure: size, case, path and the median in milliseconds.
#include "bench_common.h"

#include "measure/OutputCheck.h" // runtime/src: what the tuner runs for verify(...)

#include <autotune/autotune.h>

#include <chrono>
#include <cstring>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point Start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - Start)
      .count();
}

__global__ void fill(float *Out, std::size_t N) {
  for (std::size_t I = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
       I < N; I += std::size_t(gridDim.x) * blockDim.x)
    Out[I] = 1.0f + static_cast<float>(I % 4093) * 0.25f;
}

// Every element moved by a relative 1e-7 (within float's default bounds).
__global__ void nudge(float *Out, std::size_t N) {
  for (std::size_t I = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
       I < N; I += std::size_t(gridDim.x) * blockDim.x)
    Out[I] = (1.0f + static_cast<float>(I % 4093) * 0.25f) * (1.0f + 1e-7f);
}

enum class Case { Equal, Within, Differs };
const char *caseName(Case C) {
  return C == Case::Equal ? "equal" : C == Case::Within ? "within" : "differs";
}

// Makes Output the variant's output of case C (the default point's is
// fill's).
void prepare(float *Output, std::size_t N, Case C) {
  fill<<<1024, 256>>>(Output, N);
  if (C == Case::Within)
    nudge<<<1024, 256>>>(Output, N);
  if (C == Case::Differs) {
    float Far = -12345.0f;
    CHECK_CUDA(
        cudaMemcpy(Output + N - 3, &Far, sizeof Far, cudaMemcpyHostToDevice));
  }
  CHECK_CUDA(cudaDeviceSynchronize());
}

void report(const char *Size, Case C, const char *Path,
            const std::vector<double> &Ms) {
  std::printf("BENCH verify_cost size=%s case=%s path=%s median_ms=%.3f "
              "min_ms=%.3f max_ms=%.3f runs=%zu\n",
              Size, caseName(C), Path, bench::median(Ms),
              *std::min_element(Ms.begin(), Ms.end()),
              *std::max_element(Ms.begin(), Ms.end()), Ms.size());
  std::fflush(stdout);
}

void measure(const char *Size, std::size_t Bytes, int Runs) {
  std::size_t N = Bytes / sizeof(float);
  float *Output = nullptr;
  CHECK_CUDA(cudaMalloc(&Output, N * sizeof(float)));
  autotune::Buffer Verify =
      autotune::verifyBuffer(Output, static_cast<long long>(N), "out[n]");
  cudaStream_t S = nullptr;
  autotune::Backend &Cuda = *autotune::cudaBackend();
  autotune::Tolerance Tol =
      autotune::toleranceFor(autotune::ElementKind::Float32, -1, -1);

  // The device path: the runtime's OutputCheck, as the tuner uses it.
  prepare(Output, N, Case::Equal);
  {
    autotune::OutputCheck Check(Cuda, S, &Verify, 1, -1, -1);
    std::string Problem;
    if (!Check.takeReference(Problem))
      std::printf("verify_cost: no reference: %s\n", Problem.c_str());
    for (Case C : {Case::Equal, Case::Within, Case::Differs}) {
      prepare(Output, N, C);
      std::vector<double> Ms;
      for (int R = 0; R < Runs; ++R) {
        auto Start = Clock::now();
        bool Same = Check.matches(Problem);
        Ms.push_back(msSince(Start));
        if (Same != (C != Case::Differs))
          std::printf("verify_cost: %s %s: unexpected verdict: %s\n", Size,
                      caseName(C), Problem.c_str());
      }
      std::string Note = Check.takeNote();
      if (!Note.empty())
        std::printf("verify_cost: %s %s: %s\n", Size, caseName(C),
                    Note.c_str());
      report(Size, C, Cuda.comparesOnDevice() ? "device" : "device-unbuilt",
             Ms);
      if (C == Case::Differs)
        std::printf("  (%s)\n", Problem.c_str());
    }
  }

  // The host path: the copy to pageable memory and sameElements, as
  // OutputCheck does for a buffer it compares on the host.
  prepare(Output, N, Case::Equal);
  std::vector<unsigned char> Reference(Bytes), Scratch(Bytes);
  CHECK_CUDA(
      cudaMemcpy(Reference.data(), Output, Bytes, cudaMemcpyDeviceToHost));
  int HostRuns = Bytes > (std::size_t(1) << 30) ? 3 : Runs;
  for (Case C : {Case::Equal, Case::Within, Case::Differs}) {
    prepare(Output, N, C);
    std::vector<double> Ms;
    for (int R = 0; R < HostRuns; ++R) {
      std::string Problem;
      auto Start = Clock::now();
      autotune::CopyResult Copied =
          Cuda.copyToHost(Scratch.data(), Output, Bytes, S);
      bool Same =
          Copied.ok() &&
          autotune::sameElements(autotune::ElementKind::Float32, sizeof(float),
                                 Scratch.data(), Reference.data(), Bytes, Tol,
                                 "out[n]", Problem);
      Ms.push_back(msSince(Start));
      if (Same != (C != Case::Differs))
        std::printf("verify_cost: %s %s (host): unexpected verdict: %s%s\n",
                    Size, caseName(C), Problem.c_str(), Copied.Error.c_str());
    }
    report(Size, C, "host", Ms);
  }
  CHECK_CUDA(cudaFree(Output));
}

} // namespace

int main(int Argc, char **Argv) {
  int Runs = 11;
  bool Small = false;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--runs") && I + 1 < Argc)
      Runs = std::atoi(Argv[++I]);
    else if (!std::strcmp(Argv[I], "--small"))
      Small = true;
  }
  if (Runs < 1)
    Runs = 1;
  bench::printDevice();
  std::printf("verify_cost: %s\n",
              autotune::cudaBackend()->comparesOnDevice()
                  ? "device comparison built in"
                  : "WARNING: autotune_cuda was built without a CUDA "
                    "compiler: the device path is the host path");
  measure("40MiB", std::size_t(40) << 20, Runs);
  if (!Small)
    measure("1600MiB", std::size_t(1600) << 20, Runs);
  return 0;
}
