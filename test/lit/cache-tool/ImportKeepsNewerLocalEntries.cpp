// An imported entry never replaces a local entry of the same site, device and
// key that was tuned later, unless --force says so; it replaces one tuned
// earlier, and leaves the same entry as it is. Which one is where shows in
// the file's tuned_at. The same holds between entries of one file.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.local && mkdir %t.local
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_HOST_MODEL=model %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// RUN: cp %t.cache/*.json %t.local/
// The local entry was tuned later than the exported one.
// RUN: %python -c "import glob, json, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; j = json.load(open(p)); j['tuned_at'] = '2999-01-01T00:00:00Z'; json.dump(j, open(p, 'w'))" %t.local
// RUN: %autotune-cache --dir %t.local import %t.json | %FileCheck %s --check-prefix=KEEP
// RUN: cat %t.local/*.json | %FileCheck %s --check-prefix=LOCAL
// RUN: %autotune-cache --dir %t.local import --force %t.json | %FileCheck %s --check-prefix=FORCE
// RUN: cat %t.local/*.json | %FileCheck %s --check-prefix=IMPORTED
// RUN: %autotune-cache --dir %t.local import %t.json | %FileCheck %s --check-prefix=SAME
// The local entry was tuned earlier than the exported one.
// RUN: %python -c "import glob, json, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; j = json.load(open(p)); j['tuned_at'] = '2000-01-01T00:00:00Z'; json.dump(j, open(p, 'w'))" %t.local
// RUN: %autotune-cache --dir %t.local import %t.json | %FileCheck %s --check-prefix=OLDER
// RUN: cat %t.local/*.json | %FileCheck %s --check-prefix=IMPORTED
// A local tuned_at that is not a date (edited by hand; "" where the runtime
// had no clock) sorts as the oldest: it never keeps out a dated entry.
// RUN: %python -c "import glob, json, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; j = json.load(open(p)); j['tuned_at'] = 'zzzz'; json.dump(j, open(p, 'w'))" %t.local
// RUN: %autotune-cache --dir %t.local import %t.json | %FileCheck %s --check-prefix=UNDATED
// Of two entries of one file with the same site, device and key (merged
// exports), the one tuned later counts.
// RUN: %python -c "import copy, json, sys; e = json.load(open(sys.argv[1])); n = copy.deepcopy(e[0]); n['tuned_at'] = '2999-01-01T00:00:00Z'; json.dump([n] + e, open(sys.argv[2], 'w'))" %t.json %t.merged
// RUN: rm -rf %t.fresh
// RUN: %autotune-cache --dir %t.fresh import %t.merged | %FileCheck %s --check-prefix=MERGED
// RUN: cat %t.fresh/*.json | %FileCheck %s --check-prefix=LOCAL

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// REPEAT = 1 is fastest by far.
template <int REPEAT> void work() {
  std::this_thread::sleep_for(std::chrono::microseconds(300 * REPEAT * REPEAT));
}

int main() {
#pragma autotune space(REPEAT = {3, 1}) name("timed")
  work<REPEAT>();
  return 0;
}
// KEEP:      kept the local entry timed - model (tuned later, at 2999-01-01T00:00:00Z): timed-{{[0-9a-f]+}}.json
// KEEP-NEXT: imported 0 entries into {{.*}}.local; kept 1 newer local entry (--force replaces it)
// LOCAL: "tuned_at": "2999-01-01T00:00:00Z"

// FORCE:      replaced timed - model (the local entry, tuned later at 2999-01-01T00:00:00Z; --force): timed-{{[0-9a-f]+}}.json
// FORCE-NEXT: imported 1 entry into {{.*}}.local (1 replacing a newer local entry by --force){{$}}
// The entry's own date, not 2000 or 2999.
// IMPORTED: "tuned_at": "20{{[1-9][0-9]}}-

// SAME:      unchanged timed - model: timed-{{[0-9a-f]+}}.json
// SAME-NEXT: imported 0 entries into {{.*}}.local; 1 unchanged

// OLDER:      replaced timed - model (the local entry was tuned 2000-01-01T00:00:00Z): timed-{{[0-9a-f]+}}.json
// OLDER-NEXT: imported 1 entry into {{.*}}.local (1 replacing an older local entry){{$}}

// UNDATED:      replaced timed - model (the local entry was tuned zzzz): timed-{{[0-9a-f]+}}.json

// MERGED:      1 entry of {{.*}}.merged left out: another entry there has the same site, device and key and was not tuned earlier
// MERGED-NEXT: imported timed - model: timed-{{[0-9a-f]+}}.json
// MERGED-NEXT: imported 1 entry into {{.*}}.fresh{{$}}
