// verify(...): the fastest variant computes a wrong answer; it is compared
// with the default point's output, rejected, reported, and the fastest
// correct variant wins. The program sees a correct result.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

// VARIANT 0 (default): correct, 10 units of work. VARIANT 1: wrong and by
// far the fastest, 1 unit. VARIANT 2: correct, 2 units.
template <int VARIANT> void twice(const float *x, float *y, int n) {
  constexpr int Units = VARIANT == 0 ? 10 : VARIANT == 1 ? 1 : 2;
  for (int I = 0; I < Units; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  for (int I = 0; I < n; ++I)
    y[I] = 2 * x[I] + (VARIANT == 1 && I == n - 1 ? 1.0f : 0.0f);
}

int main() {
  const int N = 64;
  float x[N], y[N];
  for (int I = 0; I < N; ++I)
    x[I] = float(I), y[I] = 0;
#pragma autotune space(VARIANT = {0, 1, 2}) verify(y[N], tol = 1e-4) name("doubler")
  twice<VARIANT>(x, y, N);
  std::printf("y[N-1]=%g\n", y[N - 1]);
  return 0;
}
// CHECK: autotune: doubler device={{.*}}: variant VARIANT=1 rejected: {{.*}}y[N]
// CHECK: autotune: doubler device={{.*}}: 3/3 variants (1 rejected), winner VARIANT=2,
// CHECK-NOT: autotune:
// CHECK: y[N-1]=126
