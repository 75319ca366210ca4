// autotune-cache clear: --site removes the entries of one site, --device
// those of the devices whose model contains the text, both together the
// entries of that site on those devices; no option removes everything.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache clear --site first --device "no such device" | %FileCheck %s --check-prefix=NOTHING
// RUN: %autotune-cache --dir %t.cache clear --site first | %FileCheck %s --check-prefix=SITE
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LEFT
// RUN: %autotune-cache --dir %t.cache clear --device host | %FileCheck %s --check-prefix=DEVICE
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=EMPTY
// Without options, damaged cache files go too (ClearLeavesOtherFiles.cpp:
// files that are not the cache's stay).
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %python -c "open(r'%t.cache/damaged-0123456789abcdef.json', 'w').write('{')"
// RUN: %autotune-cache --dir %t.cache clear 2>&1 | %FileCheck %s --check-prefix=ALL
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=EMPTY

#include <autotune/autotune.h>

#include <initializer_list>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
  for (int n : {1, 2}) {
#pragma autotune space(V = {1, 2}) key(n) name("first")
    work<V>(&out);
  }
#pragma autotune space(V = {1, 2}) name("second")
  work<V>(&out);
  return 0;
}
// NOTHING: removed 0 entries from {{.*}}.cache
// SITE: removed 2 entries from {{.*}}.cache
// LEFT:     SITE
// LEFT-NOT: first
// LEFT:     second
// DEVICE: removed 1 entry from {{.*}}.cache
// EMPTY: no entries in {{.*}}.cache
// ALL: removing damaged cache file {{.*}}damaged-0123456789abcdef.json
// ALL: removed 3 entries and 1 other file from {{.*}}.cache
