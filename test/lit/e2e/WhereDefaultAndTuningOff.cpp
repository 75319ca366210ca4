// where + default: the points 'where' removes are never compiled (work<>
// refuses them at compile time), tuning picks the fastest remaining point,
// and AUTOTUNE=off runs the 'default' point, not the first one.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s
// RUN: env AUTOTUNE=off AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=OFF

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

template <int REPEAT> void work(long *counter) {
  static_assert(REPEAT == 1 || REPEAT % 10 == 0,
                "a point removed by 'where' was compiled");
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  *counter += REPEAT;
}

int main() {
  long counter = 0;
  for (int call = 0; call < 3; ++call) {
#pragma autotune space(REPEAT = {1, 2, 3, 10, 20}) where(REPEAT == 1 || REPEAT % 10 == 0) \
                 default(REPEAT = 20) restore(&counter[1]) name("filtered")
    work<REPEAT>(&counter);
  }
  std::printf("counter=%ld\n", counter);
  return 0;
}
// Three points were compiled and measured; the default is REPEAT=20.
// CHECK: autotune: filtered device=
// CHECK-SAME: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=1, {{.*}} faster than default (REPEAT=20)
// CHECK-NOT: autotune:
// CHECK: counter=3

// Tuning off: no tuning, every call runs REPEAT=20.
// OFF-NOT: autotune:
// OFF: counter=60
