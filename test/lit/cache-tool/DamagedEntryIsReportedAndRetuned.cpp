// A damaged cache file: the program warns once, tunes as if there were no
// cache and repairs the entry; the tool reports the damaged file and lists
// the rest.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %python -c "import glob; [open(f, 'w').write('{\"format\": \"autotune-cache\", \"vers') for f in glob.glob(r'%t.cache/*.json')]"
// RUN: %autotune-cache --dir %t.cache list 2>&1 | %FileCheck %s --check-prefix=TOOL
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=REPAIRED --allow-empty

#include <autotune/autotune.h>

#include <chrono>
#include <cstdio>
#include <thread>

template <int REPEAT> void work() {
  for (int I = 0; I < REPEAT; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(200));
}

int main() {
#pragma autotune space(REPEAT = {10, 1}) name("damaged")
  work<REPEAT>();
  return 0;
}
// TOOL: autotune-cache: warning: ignoring {{.*}}damaged-{{[0-9a-f]+}}.json: not valid JSON (truncated or corrupt)
// TOOL: no entries in

// CHECK:      autotune: warning: ignoring cache file {{.*}}damaged-{{[0-9a-f]+}}.json: not valid JSON (truncated or corrupt); tuning again
// CHECK-NEXT: autotune: damaged device={{.*}}: 2/2 variants{{( \([^)]*\))?}}, winner REPEAT=1
// CHECK-NOT:  autotune:

// REPAIRED-NOT: autotune:
