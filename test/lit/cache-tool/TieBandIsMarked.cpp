// An entry whose default point won as a tie (the fastest point within the
// tie band of it) says so in show, report and plot; a tie band that is not
// a fraction below 1 is refused on import. The entry is an export edited
// to hold known times.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.tied %t.bad
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// RUN: %python %S/Inputs/tie_band_entry.py %t.json 0.02 > %t.tied.json
// RUN: %autotune-cache --dir %t.tied import %t.tied.json
// RUN: %autotune-cache --dir %t.tied show tied | %FileCheck %s --check-prefix=SHOW
// RUN: %autotune-cache --dir %t.tied report | %FileCheck %s --check-prefix=REPORT
// RUN: %autotune-cache --dir %t.tied plot tied --output %t.svg
// RUN: %FileCheck %s --check-prefix=PLOT < %t.svg
// RUN: %python %S/Inputs/tie_band_entry.py %t.json 5 > %t.bad.json
// RUN: not %autotune-cache --dir %t.bad import %t.bad.json 2>&1 | %FileCheck %s --check-prefix=BAD

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {10, 1, 2}) name("tied")
  work<V>(&out);
  return out == 0;
}

// SHOW: winner:      V=10
// SHOW: tie band:    2 % (the points marked 'tie' ran within it of the fastest, V=1: the default point, else the first in the space's order, wins)
// SHOW: 10 ok 1 ms 4 winner, default
// SHOW-NEXT: 1 ok 990 us 4 tie
// SHOW-NEXT: 2 ok 2 ms 4{{$}}

// REPORT: V=10, the default point won as a tie (V=1 ran 1 % faster, within the tie band 2 %)

// PLOT: V=1{{.*}}; a tie with the fastest (within 2 %)

// BAD: tie_band{{.*}}must be a fraction below 1
