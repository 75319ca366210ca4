// A rebuild with other code or options gives a site a new fingerprint; the
// old build's entry is never read again. 'list' marks it: with the programs
// that use the cache (--binary), an entry none of them contains is 'stale';
// without them, an entry a newer one of the same site replaces is
// 'superseded'. 'prune' removes those entries and names them; '--dry-run'
// only names them.
// RUN: %clangxx %autotune -O1 -DVERSION=1 %s %runtime -o %t.v1
// RUN: %clangxx %autotune -O1 -DVERSION=2 %s %runtime -o %t.v2
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t.v1
// The first build's entry is older.
// RUN: %python -c "import glob, json, sys; p = glob.glob(sys.argv[1] + '/*.json')[0]; j = json.load(open(p)); j['tuned_at'] = '2000-01-01T00:00:00Z'; json.dump(j, open(p, 'w'))" %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t.v2
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LIST
// RUN: %autotune-cache --dir %t.cache prune --superseded --dry-run | %FileCheck %s --check-prefix=DRYGUESS
// An entry of another driver is another machine's, not an older build's.
// RUN: rm -rf %t.other && cp -r %t.cache %t.other
// RUN: %python -c "import glob, json, sys; p = [f for f in glob.glob(sys.argv[1] + '/*.json') if '2000-' in open(f).read()][0]; j = json.load(open(p)); j['device']['driver'] = 'other'; json.dump(j, open(p, 'w'))" %t.other
// RUN: %autotune-cache --dir %t.other list | %FileCheck %s --check-prefix=OTHER
// RUN: %autotune-cache --dir %t.cache list --binary %t.v2 | %FileCheck %s --check-prefix=V2
// RUN: %autotune-cache --dir %t.cache list --binary %t.v1 --binary %t.v2 | %FileCheck %s --check-prefix=BOTH
// RUN: %autotune-cache --dir %t.cache prune --dry-run --binary %t.v2 | %FileCheck %s --check-prefix=DRY
// RUN: %autotune-cache --dir %t.cache list --binary %t.v2 | %FileCheck %s --check-prefix=V2
// RUN: %autotune-cache --dir %t.cache prune --binary %t.v2 | %FileCheck %s --check-prefix=PRUNE
// RUN: %autotune-cache --dir %t.cache list --binary %t.v2 | %FileCheck %s --check-prefix=AFTER
// RUN: %autotune-cache --dir %t.cache prune --superseded | %FileCheck %s --check-prefix=NOTHING
// Without programs, nothing is removed on a guess unless asked.
// RUN: not %autotune-cache --dir %t.cache prune 2>&1 | %FileCheck %s --check-prefix=NEEDS
// RUN: not %autotune-cache --dir %t.cache prune --superseded --binary %t.v2 2>&1 | %FileCheck %s --check-prefix=EITHER
// RUN: not %autotune-cache --dir %t.cache prune --binary %t.missing 2>&1 | %FileCheck %s --check-prefix=MISSING

#include <autotune/autotune.h>

template <int V> void work(int *out) { *out = V * VERSION; }

int main() {
  int out = 0;
#pragma autotune space(V = {1, 2}) name("versioned")
  work<V>(&out);
  return 0;
}
// LIST:      {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// LIST-DAG:  {{^}}versioned - host{{.*}} 2000-01-01T00:00:00Z superseded{{$}}
// LIST-DAG:  {{^}}versioned - host{{.*}} 20{{[0-9-]+T[0-9:]+}}Z latest{{$}}

// DRYGUESS:      {{^}}would remove versioned - host{{.*}} (superseded): versioned-{{[0-9a-f]+}}.json{{$}}
// DRYGUESS-NEXT: {{^}}would remove 1 entry from {{.*}}.cache{{$}}

// OTHER-NOT: superseded
// OTHER:     versioned {{.*}} latest{{$}}
// OTHER:     versioned {{.*}} latest{{$}}

// V2:      {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// V2-DAG:  {{^}}versioned - host{{.*}} 2000-01-01T00:00:00Z stale{{$}}
// V2-DAG:  {{^}}versioned - host{{.*}} current{{$}}

// BOTH-NOT: stale
// BOTH:     versioned {{.*}} current{{$}}
// BOTH:     versioned {{.*}} current{{$}}

// DRY:      {{^}}would remove versioned - host{{.*}} (stale): versioned-{{[0-9a-f]+}}.json{{$}}
// DRY-NEXT: {{^}}would remove 1 entry from {{.*}}.cache{{$}}

// PRUNE:      {{^}}removed versioned - host{{.*}} (stale): versioned-{{[0-9a-f]+}}.json{{$}}
// PRUNE-NEXT: {{^}}removed 1 entry from {{.*}}.cache{{$}}

// AFTER:     {{^}}SITE KEY DEVICE WINNER SPEEDUP TUNED STATE{{$}}
// AFTER-NEXT: {{^}}versioned - host{{.*}} current{{$}}
// AFTER-NOT: {{.}}

// NOTHING: {{^}}removed 0 entries from {{.*}}.cache{{$}}

// MISSING: autotune-cache: error: cannot read {{.*}}.missing: No such file or directory
// NEEDS: autotune-cache: error: 'prune' needs the programs that use the cache ('--binary F', once per program), or '--superseded'
// EITHER: autotune-cache: error: give either '--binary' or '--superseded', not both
