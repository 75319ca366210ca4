// The persistent cache: the first run tunes and writes the winner; the
// second run of the same program with the same cache runs no benchmark at
// all (each call is one run of the winner), prints no tuning line at
// AUTOTUNE_LOG=1 and a "cached winner" line at AUTOTUNE_LOG=2.
// AUTOTUNE_RETUNE=1 measures again; AUTOTUNE_CACHE=off neither reads nor
// writes, AUTOTUNE_CACHE=read never writes.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=TUNED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=WARM
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=2 %t 2>&1 | %FileCheck %s --check-prefix=CACHED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 AUTOTUNE_RETUNE=1 %t 2>&1 | %FileCheck %s --check-prefix=TUNED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s --check-prefix=TUNED
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_CACHE=off %t
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_CACHE=read %t
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=TUNED

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

int Runs = 0; // every run of every variant, measured or not

template <int REPEAT> void work(int n) {
  ++Runs;
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

void step(int n) {
#pragma autotune space(REPEAT = {10, 1, 5}) key(n) name("step")
  work<REPEAT>(n);
}

int main() {
  for (int call = 0; call < 3; ++call) {
    step(64);
    step(128);
  }
  std::printf("runs=%d\n", Runs);
  return 0;
}
// TUNED: autotune: step key=(64) device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=1
// TUNED: autotune: step key=(128) device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=1
// TUNED-NOT: {{^}}runs=6{{$}}

// WARM-NOT: autotune:
// WARM:     runs=6
// WARM-NOT: autotune:

// CACHED:      autotune: step key=(64) device={{.*}}: cached winner REPEAT=1, {{.*}}x faster than default (REPEAT=10), tuned {{.*}}Z, from {{.*}}.cache/step-{{[0-9a-f]+}}.json
// CACHED-NEXT: autotune: step key=(128) device={{.*}}: cached winner REPEAT=1,
// CACHED-NEXT: runs=6
