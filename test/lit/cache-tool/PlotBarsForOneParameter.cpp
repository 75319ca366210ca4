// autotune-cache plot SITE: for a site of one parameter, a panel per entry
// (its site, key and device as the log names them, the tuning's date, the
// winner against the default point) and a bar per value, its height the
// fastest run. The winner and the default point are outlined and labelled;
// the point that threw (a failed launch on the host path) is a grey column
// with a cross. Every point's mark has a tooltip with the point, its time
// and its status. --key draws one key's entry; --output writes a file.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.out && mkdir %t.out
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache plot blocks > %t.svg
// RUN: %python %S/Inputs/svg_marks.py %t.svg | %FileCheck %s
// RUN: %autotune-cache --dir %t.cache plot blocks --key 2 --output %t.out/key.svg
// RUN: %python %S/Inputs/svg_marks.py %t.out/key.svg | %FileCheck %s --check-prefix=KEY
// Nothing is left beside the output but the output.
// RUN: ls -A %t.out | %FileCheck %s --check-prefix=FILES

#include <autotune/autotune.h>

#include <chrono>
#include <stdexcept>
#include <thread>

// The point REPEAT = n is fastest, the others slower the larger they are;
// REPEAT = 4 cannot run.
template <int REPEAT> void work(int n) {
  if (REPEAT == 4)
    throw std::runtime_error("too many repeats");
  int Units = REPEAT == n ? 1 : 3 * REPEAT * REPEAT;
  std::this_thread::sleep_for(std::chrono::microseconds(100 * Units));
}

void blocks(int n) {
#pragma autotune space(REPEAT = {1, 2, 3, 4}) default(REPEAT = 3) key(n) name("blocks")
  work<REPEAT>(n);
}

int main() {
  blocks(1);
  blocks(2);
  return 0;
}
// CHECK:      title: autotune: blocks
// CHECK-NEXT: panel: blocks key=(1) device={{.+}}
// CHECK-NEXT: result: tuned {{[0-9-]+T[0-9:]+Z}} in {{[0-9.]+ [mnu]?s}}; winner REPEAT=1 ({{[0-9.]+ [mnu]?s}}), default REPEAT=3 ({{[0-9.]+ [mnu]?s}}): {{[0-9.]+}}x faster
// CHECK-NEXT: bars of REPEAT
// CHECK-NEXT:   measured winner {winner outline, label winner} REPEAT=1: {{[0-9.]+ [mnu]?s}} (fastest run; median of {{[0-9]+}} timed {{runs?}} {{[0-9.]+ [mnu]?s}}), status ok; the winner
// CHECK-NEXT:   measured {} REPEAT=2: {{[0-9.]+ [mnu]?s}} (fastest run; median of {{[0-9]+}} timed {{runs?}} {{[0-9.]+ [mnu]?s}}), status ok
// CHECK-NEXT:   measured default {default outline, label default} REPEAT=3: {{.*}}, status ok; the default point
// CHECK-NEXT:   failed {cross} REPEAT=4: no time, status launch failed: {{.*}}too many repeats
// CHECK-NEXT: panel: blocks key=(2) device={{.+}}
// CHECK:        measured winner {winner outline, label winner} REPEAT=2: {{.*}}; the winner

// KEY:      title: autotune: blocks
// KEY-NEXT: panel: blocks key=(2) device={{.+}}
// KEY-NOT:  panel:

// FILES:     key.svg
// FILES-NOT: {{.}}
