// import writes only where the cache's rules allow: a damaged cache file of
// an entry's name is replaced, a file there that is not the cache's is never
// touched (it is named, and nothing is imported), and a directory that is
// not the user's (or not a directory) is refused as the runtime refuses it.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.local && mkdir %t.local
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// A torn entry is the cache's own: replaced.
// RUN: %python -c "import glob, os, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; open(os.path.join(sys.argv[2], os.path.basename(p)), 'w').write(open(p).read()[:40])" %t.cache %t.local
// RUN: %autotune-cache --dir %t.local import %t.json | %FileCheck %s --check-prefix=DAMAGED
// RUN: cmp %t.cache/one-*.json %t.local/one-*.json
// Someone's JSON under the entry's name: left, and nothing imported.
// RUN: rm -rf %t.local && mkdir %t.local
// RUN: %python -c "import glob, os, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; open(os.path.join(sys.argv[2], os.path.basename(p)), 'w').write('{\"name\": \"mine\"}\n')" %t.cache %t.local
// RUN: not %autotune-cache --dir %t.local import %t.json 2>&1 | %FileCheck %s --check-prefix=FOREIGN
// RUN: cat %t.local/one-*.json | %FileCheck %s --check-prefix=MINE
// A directory every user can write is not a cache.
// RUN: rm -rf %t.open && mkdir %t.open && chmod 777 %t.open
// RUN: not %autotune-cache --dir %t.open import %t.json 2>&1 | %FileCheck %s --check-prefix=OPEN
// RUN: ls %t.open | %count 0
// Nor is a file, also for --dry-run.
// RUN: not %autotune-cache --dir %t.json import --dry-run %t.json 2>&1 | %FileCheck %s --check-prefix=FILE

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("one")
  work<V>(&out);
  return 0;
}
// DAMAGED:      replaced one - {{.*}} (the local file is damaged: not valid JSON (truncated or corrupt)): one-{{[0-9a-f]+}}.json
// DAMAGED-NEXT: imported 1 entry into {{.*}} (1 replacing a damaged file){{$}}

// FOREIGN:      autotune-cache: error: not replacing {{.*}}.local/one-{{[0-9a-f]+}}.json with one - {{.*}}: it is not an autotune cache file
// FOREIGN-NEXT: autotune-cache: nothing imported
// MINE: {"name": "mine"}

// OPEN: autotune-cache: error: not importing into {{.*}}.open: {{.*}}.open can be written by every user
// FILE: autotune-cache: error: not importing into {{.*}}.json: {{.*}}.json is not a directory
