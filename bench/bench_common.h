// What every benchmark program shares: CUDA error checks (from the examples),
// medians, the device line, and a runtime environment that always tunes.
#ifndef AUTOTUNE_BENCH_BENCH_COMMON_H
#define AUTOTUNE_BENCH_BENCH_COMMON_H

#include "cuda_check.h" // examples/: CHECK_CUDA, nearlyEqual, showTuningTable

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace bench {

inline double median(std::vector<double> Values) {
  if (Values.empty())
    return 0;
  std::sort(Values.begin(), Values.end());
  std::size_t N = Values.size();
  return N % 2 ? Values[N / 2] : (Values[N / 2 - 1] + Values[N / 2]) / 2;
}

// max - min: how far apart repeated measurements of one thing landed.
inline double spread(const std::vector<double> &Values) {
  if (Values.empty())
    return 0;
  auto MinMax = std::minmax_element(Values.begin(), Values.end());
  return *MinMax.second - *MinMax.first;
}

// Every first call must tune: no cached result from an earlier process (the
// persistent cache, once it exists) may stand in for a measurement. Set before
// the first site runs, since the runtime reads its environment once.
inline void quietRuntime() {
  setenv("AUTOTUNE_CACHE", "off", 1);
  setenv("AUTOTUNE_RETUNE", "1", 1);
  setenv("AUTOTUNE", "on", 1);
}

inline void printDevice() {
  int Device = 0, Driver = 0, Runtime = 0;
  CHECK_CUDA(cudaGetDevice(&Device));
  cudaDeviceProp Prop;
  CHECK_CUDA(cudaGetDeviceProperties(&Prop, Device));
  CHECK_CUDA(cudaDriverGetVersion(&Driver));
  CHECK_CUDA(cudaRuntimeGetVersion(&Runtime));
  std::printf("device: %s (sm_%d%d, %d SMs), driver %d.%d, runtime %d.%d\n",
              Prop.name, Prop.major, Prop.minor, Prop.multiProcessorCount,
              Driver / 1000, Driver % 1000 / 10, Runtime / 1000,
              Runtime % 1000 / 10);
}

} // namespace bench

#endif // AUTOTUNE_BENCH_BENCH_COMMON_H
