// A host statement tuned end to end: the variants' work differs tenfold, so
// the winner is certain; the program's result is one run of the winner.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_LOG=2 AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s
// RUN: env AUTOTUNE=off AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s --check-prefix=OFF

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

// REPEAT = 10 sleeps ten times longer than REPEAT = 1.
template <int REPEAT> void work(long *counter) {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  *counter += REPEAT;
}

int main() {
  long counter = 0;
  for (int call = 0; call < 3; ++call) {
#pragma autotune space(REPEAT = {10, 1, 20}) restore(&counter[1]) name("sleepy")
    work<REPEAT>(&counter);
  }
  // Three calls, each observed as exactly one run of REPEAT = 1.
  std::printf("counter=%ld\n", counter);
  return 0;
}
// CHECK: autotune: sleepy
// CHECK-SAME: winner REPEAT=1
// CHECK-NOT: autotune: sleepy
// CHECK: counter=3

// With tuning off, every call runs the default point, the first one.
// OFF-NOT: autotune:
// OFF: counter=30
