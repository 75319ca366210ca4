// import --dry-run says, entry by entry, what import would do, and writes
// nothing: no file, and no cache directory where there was none.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.new %t.local && mkdir %t.local
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// RUN: %autotune-cache --dir %t.new import --dry-run %t.json | %FileCheck %s --check-prefix=NEW
// RUN: not ls %t.new
// One local entry, tuned later than the exported one.
// RUN: cp %t.cache/*.json %t.local/
// RUN: %python -c "import glob, json, sys; p = [f for f in glob.glob(sys.argv[1] + '/*.json') if 'later' in f][0]; j = json.load(open(p)); j['tuned_at'] = '2999-01-01T00:00:00Z'; json.dump(j, open(p, 'w'))" %t.local
// RUN: %autotune-cache --dir %t.local import --dry-run --force %t.json | %FileCheck %s --check-prefix=FORCE
// RUN: %autotune-cache --dir %t.local import %t.json --dry-run | %FileCheck %s --check-prefix=KEEP
// RUN: cat %t.local/later-*.json | %FileCheck %s --check-prefix=LOCAL

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("later")
  work<V>(&out);
#pragma autotune space(V = {1, 2}) name("same")
  work<V>(&out);
  return 0;
}
// NEW:      would import later - {{.*}}: later-{{[0-9a-f]+}}.json
// NEW-NEXT: would import same - {{.*}}: same-{{[0-9a-f]+}}.json
// NEW-NEXT: would import 2 entries into {{.*}}.new{{$}}

// FORCE:      would replace later - {{.*}} (the local entry, tuned later at 2999-01-01T00:00:00Z; --force): later-{{[0-9a-f]+}}.json
// FORCE-NEXT: unchanged same - {{.*}}: same-{{[0-9a-f]+}}.json
// FORCE-NEXT: would import 1 entry into {{.*}}.local (1 replacing a newer local entry by --force); 1 unchanged

// KEEP:      would keep the local entry later - {{.*}} (tuned later, at 2999-01-01T00:00:00Z): later-{{[0-9a-f]+}}.json
// KEEP-NEXT: unchanged same - {{.*}}: same-{{[0-9a-f]+}}.json
// KEEP-NEXT: would import 0 entries into {{.*}}.local; would keep 1 newer local entry (--force replaces it); 1 unchanged

// LOCAL: "tuned_at": "2999-01-01T00:00:00Z"
