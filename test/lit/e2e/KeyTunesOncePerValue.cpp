// key(...): each new key value is tuned once, a key seen before goes
// straight to its winner. Five calls with two distinct keys tune twice; a
// site with two keys tunes once per distinct pair.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | grep -c 'autotune: one-key ' | %FileCheck %s --check-prefix=ONE
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | grep -c 'autotune: two-keys ' | %FileCheck %s --check-prefix=TWO

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

// REPEAT = 10 sleeps ten times longer than REPEAT = 1.
template <int REPEAT> void work(long *calls) {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  ++*calls;
}

void one_key(long *calls, int n) {
#pragma autotune space(REPEAT = {10, 1}) key(n) restore(calls[1]) name("one-key")
  work<REPEAT>(calls);
}

void two_keys(long *calls, int n, int m) {
#pragma autotune space(REPEAT = {10, 1}) key(n, m) restore(calls[1]) name("two-keys")
  work<REPEAT>(calls);
}

int main() {
  long calls = 0;
  one_key(&calls, 100);
  one_key(&calls, 100);
  one_key(&calls, 200);
  one_key(&calls, 100);
  one_key(&calls, 200);
  // CHECK: autotune: one-key key=(100) device=
  // CHECK-SAME: winner REPEAT=1
  // CHECK-NEXT: autotune: one-key key=(200) device=
  // CHECK-SAME: winner REPEAT=1
  std::printf("one-key calls=%ld\n", calls);
  std::fflush(stdout);
  // Restored around tuning: the program observes one run per call.
  // CHECK-NEXT: one-key calls=5

  calls = 0;
  two_keys(&calls, 1, 2);
  two_keys(&calls, 2, 1);
  two_keys(&calls, 1, 2);
  two_keys(&calls, 2, 1);
  // CHECK-NEXT: autotune: two-keys key=(1, 2) device=
  // CHECK-SAME: winner REPEAT=1
  // CHECK-NEXT: autotune: two-keys key=(2, 1) device=
  // CHECK-SAME: winner REPEAT=1
  std::printf("two-keys calls=%ld\n", calls);
  // CHECK-NEXT: two-keys calls=4
  return 0;
}
// ONE: {{^}}2{{$}}
// TWO: {{^}}2{{$}}
