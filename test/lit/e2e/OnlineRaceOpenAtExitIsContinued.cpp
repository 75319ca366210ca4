// A race still open when the process exits is lost (nothing is stored before
// a race ends); the runtime says so at exit: one line at any log level, each
// race named at AUTOTUNE_LOG=1. A finished race says nothing at exit.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 2 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=NAMED
// RUN: not ls %t.cache/*.json
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 400 2>&1 | %FileCheck %s --check-prefix=DONE
// RUN: ls %t.cache/*.json

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

template <int REPEAT> void work(long *units) {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  *units += REPEAT;
}

void step(long *units, int n) {
#pragma autotune space(REPEAT = {10, 1, 20}) key(n) mode(online) name("open")
  work<REPEAT>(units);
}

int main(int argc, char **argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 2;
  long units = 0;
  for (int i = 0; i < calls; ++i)
    step(&units, 64);
  std::printf("calls: %d\n", calls);
  std::fflush(stdout); // before the exit report on stderr
  return 0;
}
// QUIET: calls: 2
// QUIET-NEXT: autotune: 1 online race was still open at exit; nothing was stored for it (AUTOTUNE_LOG=1 names it)
// QUIET-NOT: autotune:

// NAMED: calls: 2
// NAMED-NEXT: autotune: open key=(64) device={{.*}}: online race still open at exit (2 of 3 points run, 2 calls so far); nothing stored, the next run races again
// NAMED-NOT: autotune:

// DONE: calls: 400
// DONE-NOT: autotune:
