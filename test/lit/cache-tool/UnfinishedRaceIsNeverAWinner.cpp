// An online race still open at exit is kept as an unfinished entry: list,
// show, report and plot say how far it got and name no winner; pin has none
// to pin, export leaves it out. Once the next run has finished the race, the
// entry is an ordinary result.
// REQUIRES: cache-tool
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 2
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LIST
// RUN: %autotune-cache --dir %t.cache show open | %FileCheck %s --check-prefix=SHOW
// RUN: %autotune-cache --dir %t.cache report | %FileCheck %s --check-prefix=REPORT
// RUN: %autotune-cache --dir %t.cache plot open | %FileCheck %s --check-prefix=PLOT
// RUN: not %autotune-cache --dir %t.cache pin open 2>&1 | %FileCheck %s --check-prefix=PIN
// RUN: %autotune-cache --dir %t.cache export --json 2>&1 >%t.json \
// RUN:   | %FileCheck %s --check-prefix=EXPORT
// RUN: %FileCheck %s --check-prefix=EXPORTED < %t.json
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t 400
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=FINISHED

#include <autotune/autotune.h>

#include <chrono>
#include <cstdlib>
#include <thread>

// REPEAT = 1 sleeps ten times less than REPEAT = 10 and 20.
template <int REPEAT> void work() {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

int main(int argc, char **argv) {
  int calls = argc > 1 ? std::atoi(argv[1]) : 2;
  for (int i = 0; i < calls; ++i) {
#pragma autotune space(REPEAT = {10, 1, 20}) mode(online) name("open")
    work<REPEAT>();
  }
  return 0;
}
// LIST:      {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// LIST-NEXT: {{^}}open - host{{.*}} (unfinished: 2 of 3 points run, 2 calls so far) - {{[0-9]+-[0-9]+-[0-9]+T[0-9:]+Z latest$}}
// LIST-NOT:  {{.}}

// SHOW:      winner:      none yet (unfinished: 2 of 3 points run, 2 calls so far; leading: REPEAT={{[0-9]+}})
// SHOW-NEXT: default:     REPEAT=10
// SHOW-NEXT: speed-up:    -
// SHOW-NEXT: raced:
// SHOW-NOT:  winner

// REPORT:      open: 1 entry
// REPORT:      no key: no winner yet (unfinished: 2 of 3 points run, 2 calls so far)
// REPORT:      the default point won in 0 of them; 1 unfinished (online races still open)

// PLOT:     unfinished: 2 of 3 points run, 2 calls so far; leading REPEAT=
// PLOT-NOT: winner-mark

// PIN: autotune-cache: open device=host{{.*}}: unfinished: 2 of 3 points run, 2 calls so far; no winner to pin yet

// EXPORT: autotune-cache: left out 1 unfinished entry (online races still open)
// EXPORTED-NOT: "open"

// FINISHED:      {{^}}open - host{{.*}} REPEAT=1 {{[0-9.]+}}x {{[0-9]+-[0-9]+-[0-9]+T[0-9:]+Z latest$}}
// FINISHED-NOT:  unfinished
