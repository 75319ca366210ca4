// budget(2): of the six compiled variants, at most two are measured (the
// default point first); the log says so, and the program can count the
// variants that actually ran.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <set>
#include <thread>

std::set<int> Ran;

template <int REPEAT> void work() {
  Ran.insert(REPEAT);
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

int main() {
  for (int call = 0; call < 3; ++call) {
#pragma autotune space(REPEAT = {10, 20, 30, 40, 50, 1}) budget(2) name("budgeted")
    work<REPEAT>();
  }
  std::printf("variants run: %zu, default ran: %d\n", Ran.size(), int(Ran.count(10)));
  return 0;
}
// CHECK: autotune: budgeted device={{.*}}: 2/6 variants{{( \([^)]*\))?}}, winner
// CHECK-NOT: autotune:
// CHECK: variants run: 2, default ran: 1
