// A site in a function template is one site per instantiation: instantiated
// for float and for double it tunes once for each, and each gets its own
// winner (the fastest REPEAT depends on the type here).
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

template <class T> struct Fastest;
template <> struct Fastest<float> { static constexpr int Value = 1; };
template <> struct Fastest<double> { static constexpr int Value = 2; };

// Ten times the work, except for the point that suits T.
template <class T, int REPEAT> void work(T *sum) {
  int Units = REPEAT == Fastest<T>::Value ? 1 : 10;
  for (int I = 0; I < Units; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  *sum += REPEAT;
}

template <class T> void accumulate(T *sum) {
#pragma autotune space(REPEAT = {3, 1, 2}) restore(sum[1]) name("per-type")
  work<T, REPEAT>(sum);
}

int main() {
  float f = 0;
  double d = 0;
  for (int call = 0; call < 3; ++call)
    accumulate(&f);
  // Each instantiation's log name carries its template arguments.
  // CHECK: autotune: per-type[T = float] device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=1,
  std::printf("float sum=%g\n", f);
  std::fflush(stdout);
  // CHECK-NEXT: float sum=3
  for (int call = 0; call < 3; ++call)
    accumulate(&d);
  // CHECK-NEXT: autotune: per-type[T = double] device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=2,
  std::printf("double sum=%g\n", d);
  // CHECK-NEXT: double sum=6
  return 0;
}
