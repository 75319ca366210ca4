// The cache entry belongs to the source it was tuned with: editing the
// kernel (here the body of work<>, not the pragma or the statement) changes
// the site's fingerprint, so the next run tunes again instead of trusting
// the old winner; the unchanged program keeps using its entry.
// RUN: rm -rf %t.cache %t.dir && mkdir -p %t.dir
// RUN: %python -c "import sys; open(sys.argv[2], 'w').write(open(sys.argv[1]).read())" %s %t.dir/kernel.cpp
// RUN: %clangxx %autotune -O1 %t.dir/kernel.cpp %runtime -o %t.original
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t.original 2>&1 | %FileCheck %s --check-prefix=TUNED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t.original 2>&1 | %FileCheck %s --check-prefix=WARM --allow-empty
// RUN: %python -c "import sys; p = sys.argv[1]; s = open(p).read(); open(p, 'w').write(s.replace('Scale = 1;', 'Scale = 2;'))" %t.dir/kernel.cpp
// RUN: %clangxx %autotune -O1 %t.dir/kernel.cpp %runtime -o %t.edited
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t.edited 2>&1 | %FileCheck %s --check-prefix=TUNED
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t.original 2>&1 | %FileCheck %s --check-prefix=WARM --allow-empty

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

template <int REPEAT> void work() {
  constexpr int Scale = 1;
  for (int I = 0; I < REPEAT * Scale; ++I)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
}

int main() {
#pragma autotune space(REPEAT = {10, 1}) name("edited")
  work<REPEAT>();
  return 0;
}
// TUNED: autotune: edited device={{.*}}: 2/2 variants{{( \([^)]*\))?}}, winner REPEAT=1
// WARM-NOT: autotune:
