// A race still open when the process exits keeps its runs: the runtime
// stores them as an unfinished cache entry and says so at exit (one line at
// any log level, each race named at AUTOTUNE_LOG=1); the next run continues
// the race from those runs instead of starting over, and stores its result
// over the unfinished entry. AUTOTUNE_CACHE=read stores nothing.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_CACHE=read %t 2 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=READ
// RUN: not ls %t.cache/*.json
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 2 2>&1 | %FileCheck %s --check-prefix=QUIET
// RUN: ls %t.cache/*.json
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=NAMED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 400 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=CONTINUED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=DONE

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>

// REPEAT = 1 sleeps ten times less than REPEAT = 10 and 20: an unmistakable
// winner.
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
// READ: calls: 2
// READ-NEXT: autotune: 1 online race was still open at exit; nothing was stored for it (AUTOTUNE_LOG=1 names it)
// READ-NOT: autotune:

// QUIET: calls: 2
// QUIET-NEXT: autotune: 1 online race was still open at exit; the cache keeps the runs so far, the next run continues it (AUTOTUNE_LOG=1 names it)
// QUIET-NOT: autotune:

// NAMED: calls: 2
// The log's header (its first line): the exit's line is the first here.
// NAMED-NEXT: autotune: autotune {{[0-9]+\.[0-9]+\.[0-9]+}}
// NAMED-NEXT: autotune: open key=(64) device={{.*}}: online race still open at exit (2 of 3 points run, 2 calls so far); its runs so far are kept in the cache, the next run continues it
// NAMED-NOT: autotune:

// CONTINUED: autotune: open key=(64) device={{.*}}: continuing the online race an earlier run left unfinished, from 2 runs of 2 of 3 points (2 calls so far)
// CONTINUED: autotune: open key=(64) device={{.*}} winner REPEAT=1
// CONTINUED: calls: 400
// CONTINUED-NOT: autotune:

// The finished entry replaced the unfinished one: the race is not run again.
// DONE-NOT: continuing
// DONE-NOT: tuned online
// DONE: calls: 2
// DONE-NOT: autotune:
