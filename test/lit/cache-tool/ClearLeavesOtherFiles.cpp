// autotune-cache clear in a directory that is not only a cache (a mistyped
// --dir, AUTOTUNE_CACHE_DIR=.) removes only what is provably the cache's:
// valid entries, and damaged files under a name the runtime gives (not JSON
// at all) or that say they are in the cache's format. Everything else stays
// and is named.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: env AUTOTUNE_CACHE_DIR=%t.dir %t
// RUN: %python -c "open(r'%t.dir/package.json', 'w').write('{\"name\": \"app\"}')"
// RUN: %python -c "open(r'%t.dir/compile_commands.json', 'w').write('[]')"
// RUN: %python -c "open(r'%t.dir/notes.json', 'w').write('not json, but not ours either')"
// Named as the runtime names entries, but someone else's valid JSON: left.
// RUN: %python -c "open(r'%t.dir/config-0123456789abcdef.json', 'w').write('{\"a\": 1}')"
// Named as an entry and torn, or saying it is an entry of another version.
// RUN: %python -c "open(r'%t.dir/torn-00000000000000aa.json', 'w').write('{\"format\": \"autotune-cac')"
// RUN: %python -c "open(r'%t.dir/other.json', 'w').write('{\"format\": \"autotune-cache\", \"version\": 9}')"
// RUN: %autotune-cache --dir %t.dir clear > %t.out 2> %t.err
// RUN: %FileCheck %s < %t.out
// RUN: %FileCheck %s --check-prefix=ERR < %t.err
// RUN: ls %t.dir | %FileCheck %s --check-prefix=LEFT

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("kept-apart")
  work<V>(&out);
  return 0;
}
// CHECK:      removed 1 entry and 2 other files from {{.*}}.dir
// CHECK-NEXT: left 4 files that are not autotune cache files: compile_commands.json config-0123456789abcdef.json notes.json package.json
// ERR-DAG: removing damaged cache file {{.*}}other.json
// ERR-DAG: removing damaged cache file {{.*}}torn-00000000000000aa.json
// LEFT-NOT:  kept-apart
// LEFT:      compile_commands.json
// LEFT-NEXT: config-0123456789abcdef.json
// LEFT-NEXT: notes.json
// LEFT-NEXT: package.json
// LEFT-NOT:  {{.}}
