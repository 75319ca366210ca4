// autotune-cache show SITE: everything an entry holds, for each entry of the
// site (here one per key): where it came from, its identity, the winner and
// the default, and every variant with its status, median and samples.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache show blocked | %FileCheck %s
// RUN: not %autotune-cache --dir %t.cache show nosuch 2>&1 | %FileCheck %s --check-prefix=NONE

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

template <int REPEAT> void work() {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

void blocked(int n) {
#pragma autotune space(REPEAT = {10, 1, 20}) key(n) name("blocked")
  work<REPEAT>();
}

int main() {
  blocked(1);
  blocked(2);
  return 0;
}
// CHECK:      site:        blocked
// CHECK-NEXT: file:        {{.*}}.cache/blocked-{{[0-9a-f]+}}.json
// CHECK-NEXT: source:      {{.*}}ShowSite.cpp:{{[0-9]+}}
// CHECK-NEXT: function:    void blocked(int)
// CHECK-NEXT: pragma:      space(REPEAT = {10, 1, 20}) key(n) name("blocked")
// CHECK-NEXT: statement:   work<REPEAT>();
// CHECK-NEXT: fingerprint: {{[0-9a-f]+}}
// CHECK-NEXT: device:      host
// CHECK-NEXT: key:         (1)
// CHECK-NEXT: winner:      REPEAT=1
// CHECK-NEXT: default:     REPEAT=10
// CHECK-NEXT: speed-up:    {{[0-9.]+}}x
// CHECK-NEXT: tie band:    {{[0-9.]+}} % (the points marked 'tie' ran within it of the fastest, REPEAT=1: the default point, else the first in the space's order, wins)
// CHECK-NEXT: tuned:       {{.*}}Z in {{.*}}s
// CHECK-NEXT: variants:
// CHECK-NEXT: REPEAT STATUS MEDIAN RUNS
// CHECK-NEXT: 10 ok {{.*}}s {{[0-9]+}} default
// CHECK-NEXT: 1 ok {{.*}}s {{[0-9]+}} winner
// CHECK-NEXT: 20 ok {{.*}}s {{[0-9]+}}{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: site:        blocked
// CHECK:      key:         (2)

// NONE: autotune-cache: no entry for site 'nosuch' in {{.*}}.cache
