// autotune-cache plot: for a site of more than two parameters, small
// multiples: a heat map of the last two parameters for each combination of
// the others' values, labelled with it, all on one colour scale.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache plot cubes | %python %S/Inputs/svg_marks.py /dev/stdin | %FileCheck %s

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// X = 2, Y = 1, Z = 2 is fastest.
template <int X, int Y, int Z> void work() {
  int Units = X == 2 && Y == 1 && Z == 2 ? 1 : X + Y + Z;
  std::this_thread::sleep_for(std::chrono::microseconds(100 * Units));
}

int main() {
#pragma autotune space(X = {1, 2}, Y = {1, 2}, Z = {1, 2}) default(X = 1, Y = 2, Z = 2) name("cubes")
  work<X, Y, Z>();
  return 0;
}
// CHECK:      panel: cubes device={{.+}}
// CHECK-NEXT: result: tuned {{.*}}; winner X=2 Y=1 Z=2 ({{.*}}), default X=1 Y=2 Z=2 ({{.*}}): {{.*}}x faster
// CHECK-NEXT: heat map X=1: rows Y, columns Z
// CHECK-NEXT:   measured {} X=1 Y=1 Z=1: {{.*}}
// CHECK-NEXT:   measured {} X=1 Y=1 Z=2: {{.*}}
// CHECK-NEXT:   measured {} X=1 Y=2 Z=1: {{.*}}
// CHECK-NEXT:   measured default {default outline, label default} X=1 Y=2 Z=2: {{.*}}; the default point
// CHECK-NEXT: heat map X=2: rows Y, columns Z
// CHECK-NEXT:   measured {} X=2 Y=1 Z=1: {{.*}}
// CHECK-NEXT:   measured winner {winner outline, label winner} X=2 Y=1 Z=2: {{.*}}; the winner
// CHECK-NEXT:   measured {} X=2 Y=2 Z=1: {{.*}}
// CHECK-NEXT:   measured {} X=2 Y=2 Z=2: {{.*}}
// CHECK-NEXT: colour legend: {{.*}}
// CHECK-NOT:  heat map
