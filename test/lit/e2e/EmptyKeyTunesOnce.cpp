// key(): one point for every call, as without 'key', and no compile-time
// warning that the site's 'restore' count uses a run-time value. Calls with
// two different counts tune once; the run-time check of the 'restore' extent
// still says, once, that the count changed.
// RUN: %clangxx %autotune -O1 -Werror %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | grep -c 'autotune: empty-key ' | %FileCheck %s --check-prefix=COUNT

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

// REPEAT = 10 sleeps ten times longer than REPEAT = 1.
template <int REPEAT> void work(long *calls, int n) {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
  for (int I = 0; I < n; ++I)
    ++calls[I];
}

void empty_key(long *calls, int n) {
#pragma autotune space(REPEAT = {10, 1}) key() restore(calls[n]) name("empty-key")
  work<REPEAT>(calls, n);
}

int main() {
  long calls[2] = {0, 0};
  empty_key(calls, 1);
  empty_key(calls, 2);
  empty_key(calls, 1);
  // CHECK: autotune: empty-key device=
  // CHECK-SAME: winner REPEAT=1
  // CHECK-NEXT: autotune: warning: empty-key: 'restore(calls[n])' covers 2 elements in this call but 1 element in the call it was tuned on
  std::fflush(stderr);
  std::printf("calls=%ld,%ld\n", calls[0], calls[1]);
  // Restored around tuning: the program observes one run per call.
  // CHECK-NEXT: calls=3,1
  // CHECK-NOT: autotune:
  return 0;
}
// COUNT: {{^}}1{{$}}
