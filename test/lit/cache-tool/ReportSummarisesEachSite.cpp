// autotune-cache report: per site (then device, then key) the winner, its
// speed-up over the default point ("the default point won" when it did), the
// tuning time and how many points were measured, failed, rejected or cut;
// then the totals. --site reports one site; superseded entries and files that
// are not entries are counted in one line at the end, never reported.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// Two of the four points of 'checked' failed and were rejected.
// RUN: %python -c "import glob, json; f = glob.glob(r'%t.cache/checked-*.json')[0]; e = json.load(open(f)); v = e['variants']; v[2].update(status='launch failed', median=None, samples=[], problem='too many resources'); v[3].update(status='rejected', problem='y[0] differs'); json.dump(e, open(f, 'w'))"
// RUN: %autotune-cache --dir %t.cache report | %FileCheck %s
// RUN: %autotune-cache --dir %t.cache report --site sized | %FileCheck %s --check-prefix=SITE
// RUN: %autotune-cache --dir %t.cache report --site=plain | %FileCheck %s --check-prefix=PLAIN
// RUN: not %autotune-cache --dir %t.cache report --site nothing 2>&1 | %FileCheck %s --check-prefix=NOSITE
// An older build's entry of 'plain', a damaged file and someone else's JSON
// are counted, not reported.
// RUN: %python -c "import glob, json; f = glob.glob(r'%t.cache/plain-*.json')[0]; e = json.load(open(f)); e['site']['fingerprint'] = '0000000000000001'; e['tuned_at'] = '2000-01-01T00:00:00Z'; json.dump(e, open(r'%t.cache/plain-0000000000000001.json', 'w'))"
// RUN: %python -c "open(r'%t.cache/damaged-0123456789abcdef.json', 'w').write('{')"
// RUN: %python -c "open(r'%t.cache/package.json', 'w').write('{\"name\": \"x\"}')"
// RUN: %autotune-cache --dir %t.cache report 2>&1 | %FileCheck %s --check-prefix=SKIPPED
// RUN: rm -rf %t.empty && mkdir %t.empty
// RUN: %autotune-cache --dir %t.empty report | %FileCheck %s --check-prefix=EMPTY
// RUN: not %autotune-cache --dir %t.cache report extra 2>&1 | %FileCheck %s --check-prefix=EXTRA
// RUN: not %autotune-cache --dir %t.cache report --device host 2>&1 | %FileCheck %s --check-prefix=DEVICE
// RUN: not %autotune-cache --dir %t.cache report --site 2>&1 | %FileCheck %s --check-prefix=NEEDS

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// pause<10> takes ten times as long as pause<1>.
template <int N> void pause() {
  std::this_thread::sleep_for(std::chrono::microseconds(200 * N));
}

void sized(int n) {
#pragma autotune space(REPEAT = {10, 1}) key(n) name("sized")
  pause<REPEAT>();
}

int main() {
  sized(200);
  sized(100);
#pragma autotune space(REPEAT = {1, 10}) name("plain")
  pause<REPEAT>();
#pragma autotune space(REPEAT = {1, 10, 20, 30}) name("checked")
  pause<REPEAT>();
  return 0;
}
// CHECK:      {{^}}checked: 1 entry, tuning took {{[0-9.e+]+ [mnu]?s$}}
// CHECK-NEXT: {{^}}  host{{.*}}
// CHECK-NEXT: {{^}}    no key: REPEAT=1, the default point won; tuning took {{[0-9.e+]+ [mnu]?s}}; 4 points: 2 measured, 1 failed, 1 rejected, 0 cut{{$}}
// CHECK-NEXT: {{^}}plain: 1 entry, tuning took {{[0-9.e+]+ [mnu]?s$}}
// CHECK-NEXT: {{^}}  host{{.*}}
// CHECK-NEXT: {{^}}    no key: REPEAT=1, the default point won; tuning took {{[0-9.e+]+ [mnu]?s}}; 2 points: 2 measured, 0 failed, 0 rejected, 0 cut{{$}}
// CHECK-NEXT: {{^}}sized: 2 entries, tuning took {{[0-9.e+]+ [mnu]?s$}}
// CHECK-NEXT: {{^}}  host{{.*}}
// CHECK-NEXT: {{^}}    key (100): REPEAT=1, {{[0-9.]+}}x faster than default (REPEAT=10); tuning took {{[0-9.e+]+ [mnu]?s}}; 2 points: 2 measured, 0 failed, 0 rejected, 0 cut{{$}}
// CHECK-NEXT: {{^}}    key (200): REPEAT=1, {{[0-9.]+}}x faster than default (REPEAT=10); tuning took {{[0-9.e+]+ [mnu]?s}}; 2 points: 2 measured, 0 failed, 0 rejected, 0 cut{{$}}
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}total: 3 sites, 4 entries, tuning took {{[0-9.e+]+ [mnu]?s}}; the default point won in 2 of them{{$}}
// CHECK-NOT:  {{.}}

// SITE:      {{^}}sized: 2 entries
// SITE-NOT:  {{^}}plain
// SITE:      {{^}}total: 1 site, 2 entries, tuning took {{.*}}; the default point won in 0 of them{{$}}
// SITE-NOT:  {{.}}

// PLAIN:     {{^}}plain: 1 entry
// PLAIN:     {{^}}total: 1 site, 1 entry,

// NOSITE: autotune-cache: no entry for site 'nothing' in {{.*}}.cache

// SKIPPED:     {{^}}total: 3 sites, 4 entries,
// SKIPPED-NEXT: {{^}}3 files skipped: 1 superseded entry, 1 damaged, 1 not the cache's; see autotune-cache list{{$}}
// SKIPPED-NOT: {{.}}

// EMPTY: {{^}}no entries in {{.*}}.empty{{$}}
// EMPTY-NOT: {{.}}

// EXTRA: autotune-cache: error: unexpected argument 'extra'
// DEVICE: autotune-cache: error: '--device' is an option of 'clear'
// NEEDS: autotune-cache: error: '--site' needs a site name
