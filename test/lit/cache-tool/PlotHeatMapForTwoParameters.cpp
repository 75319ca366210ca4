// autotune-cache plot: for a site of two parameters, a heat map, its rows
// the first parameter's values, its columns the second's, each cell
// coloured by the point's fastest run, with a legend of the colours in
// time units. A failed point is grey with a cross, a cut point hatched, a
// point not measured a dashed box; each says its status in its tooltip.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// The runtime cuts only warm-ups slower than 0.1 s, and measures every
// point without budget(n): the entry is edited to hold both kinds.
// RUN: %python -c "import glob, json; f = glob.glob(r'%t.cache/tiles-*.json')[0]; e = json.load(open(f)); v = {tuple(x['point'].values()): x for x in e['variants']}; v[(2, 4)].update(status='cut', median=None, best=None, samples=[], problem='its warm-up took 1 s, 10x the fastest warm-up (0.1 s)'); v[(4, 1)].update(status='not measured', median=None, best=None, samples=[]); json.dump(e, open(f, 'w'))"
// RUN: %autotune-cache --dir %t.cache plot tiles | %python %S/Inputs/svg_marks.py /dev/stdin | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <stdexcept>
#include <thread>

// TILE = 2, SPLIT = 2 is fastest; TILE = 4, SPLIT = 4 cannot run.
template <int TILE, int SPLIT> void work() {
  if (TILE == 4 && SPLIT == 4)
    throw std::runtime_error("tile too large");
  int Units = TILE == 2 && SPLIT == 2 ? 1 : 2 * TILE + SPLIT;
  std::this_thread::sleep_for(std::chrono::microseconds(100 * Units));
}

int main() {
#pragma autotune space(TILE = {1, 2, 4}, SPLIT = {1, 2, 4}) default(TILE = 1, SPLIT = 4) name("tiles")
  work<TILE, SPLIT>();
  return 0;
}
// CHECK:      title: autotune: tiles
// CHECK-NEXT: panel: tiles device={{.+}}
// CHECK-NEXT: result: tuned {{.*}}; winner TILE=2 SPLIT=2 ({{[0-9.]+ [mnu]?s}}), default TILE=1 SPLIT=4 ({{[0-9.]+ [mnu]?s}}): {{[0-9.]+}}x faster
// CHECK-NEXT: heat map -: rows TILE, columns SPLIT
// CHECK-NEXT:   measured {} TILE=1 SPLIT=1: {{.*}}, status ok
// CHECK-NEXT:   measured {} TILE=1 SPLIT=2: {{.*}}, status ok
// CHECK-NEXT:   measured default {default outline, label default} TILE=1 SPLIT=4: {{.*}}, status ok; the default point
// CHECK-NEXT:   measured {} TILE=2 SPLIT=1: {{.*}}, status ok
// CHECK-NEXT:   measured winner {winner outline, label winner} TILE=2 SPLIT=2: {{[0-9.]+ [mnu]?s}} (fastest run; median of {{[0-9]+}} timed {{runs?}} {{[0-9.]+ [mnu]?s}}), status ok; the winner
// CHECK-NEXT:   cut {hatched} TILE=2 SPLIT=4: no time, status cut: its warm-up took 1 s, 10x the fastest warm-up (0.1 s)
// CHECK-NEXT:   not-measured {dashed box} TILE=4 SPLIT=1: no time, status not measured (left out by budget(n), or the tuning stopped first)
// CHECK-NEXT:   measured {} TILE=4 SPLIT=2: {{.*}}, status ok
// CHECK-NEXT:   failed {cross} TILE=4 SPLIT=4: no time, status launch failed: {{.*}}tile too large
// CHECK-NEXT: colour legend: {{[0-9.]+ [mnu]?s}}, {{.*}}, {{[0-9.]+ [mnu]?s}}
