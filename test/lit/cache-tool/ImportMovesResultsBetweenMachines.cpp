// An export from one machine imports on another: the entries of machine A,
// exported from A's cache and imported into B's, are used by the program on
// a machine of A's model with B's cache (no tuning: AUTOTUNE_LOG=2 says
// "cached winner"), and B's own entries stay. AUTOTUNE_HOST_MODEL plays the
// two machines (the device model of host statements).
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.a %t.b %t.json
// RUN: env AUTOTUNE_CACHE_DIR=%t.a AUTOTUNE_HOST_MODEL="machine A" %t
// RUN: env AUTOTUNE_CACHE_DIR=%t.b AUTOTUNE_HOST_MODEL="machine B" %t
// RUN: %autotune-cache --dir %t.a export --json > %t.json
// RUN: %autotune-cache --dir %t.b import %t.json | %FileCheck %s --check-prefix=IMPORT
// RUN: env AUTOTUNE_CACHE_DIR=%t.b AUTOTUNE_HOST_MODEL="machine A" AUTOTUNE_LOG=2 %t 2>&1 | %FileCheck %s --check-prefix=CACHED --implicit-check-not=variants
// RUN: %autotune-cache --dir %t.b list | %FileCheck %s --check-prefix=LIST
// Imported again, nothing changes.
// RUN: %autotune-cache --dir %t.b import %t.json | %FileCheck %s --check-prefix=AGAIN

#include <autotune/autotune.h>

#include <chrono>
#include <initializer_list>
#include <thread>

// REPEAT = 1 is fastest by far.
template <int REPEAT> void work() {
  std::this_thread::sleep_for(std::chrono::microseconds(300 * REPEAT * REPEAT));
}

int main() {
  for (int n : {1, 2}) {
#pragma autotune space(REPEAT = {3, 1, 2}) key(n) name("moved")
    work<REPEAT>();
  }
  return 0;
}
// IMPORT:      imported moved (1) machine A: moved-{{[0-9a-f]+}}.json
// IMPORT-NEXT: imported moved (2) machine A: moved-{{[0-9a-f]+}}.json
// IMPORT-NEXT: imported 2 entries into {{.*}}.b{{$}}

// CACHED:      autotune: moved key=(1) device=machine A: cached winner REPEAT=1, {{.*}} from {{.*}}.b/moved-{{[0-9a-f]+}}.json
// CACHED-NEXT: autotune: moved key=(2) device=machine A: cached winner REPEAT=1, {{.*}} from {{.*}}.b/moved-{{[0-9a-f]+}}.json

// LIST:      SITE KEY DEVICE
// LIST-NEXT: moved (1) machine A REPEAT=1
// LIST-NEXT: moved (2) machine A REPEAT=1
// LIST-NEXT: moved (1) machine B REPEAT=1
// LIST-NEXT: moved (2) machine B REPEAT=1

// AGAIN:      unchanged moved (1) machine A
// AGAIN-NEXT: unchanged moved (2) machine A
// AGAIN-NEXT: imported 0 entries into {{.*}}; 2 unchanged
