// Two sites in one function with the same name(...) and the same statement
// text measure different work: each is tuned for itself (the second as
// 'twice#2') and keeps its own cache entry, instead of the second running
// the first one's winner.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t 2>/dev/null
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s
// RUN: ls %t.cache | %count 2

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// Mode 0: REPEAT = 1 is fastest; mode 1: REPEAT = 10 is.
template <int REPEAT> void work(int Mode) {
  int Sleeps = Mode == 0 ? REPEAT : 11 - REPEAT;
  for (int I = 0; I < Sleeps; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

int main() {
  int Mode = 0;
#pragma autotune space(REPEAT = {10, 1}) name("twice")
  work<REPEAT>(Mode);
  Mode = 1;
#pragma autotune space(REPEAT = {10, 1}) name("twice")
  work<REPEAT>(Mode);
  return 0;
}
// CHECK: autotune: twice device={{.*}}winner REPEAT=1
// CHECK: autotune: twice#2 device={{.*}}winner REPEAT=10
