// import refuses an entry whose numbers are not what a tuning measures: a
// time must be 0 or from 1e-12 to 1e7 seconds (a denormal beside a
// microsecond made 'plot' crash), a speed-up within 1e-9 to 1e9, a tie band
// and a minimum gain fractions below 1, a tuned_at the runtime's UTC time,
// and a parameter name an identifier (pin pastes it into a clause). Every
// number of an entry is swept; nothing is imported.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache %t.new
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache %t
// RUN: %autotune-cache --dir %t.cache export --json > %t.json
// RUN: %python %S/Inputs/edit_entry.py %t.json variants.0.best 5e-324 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=DENORMAL
// RUN: %python %S/Inputs/edit_entry.py %t.json variants.1.median 1e300 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=MEDIAN
// RUN: %python %S/Inputs/edit_entry.py %t.json variants.0.samples.0 1e-13 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=SAMPLE
// RUN: %python %S/Inputs/edit_entry.py %t.json variants.0.warm_up 1e8 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=WARMUP
// RUN: %python %S/Inputs/edit_entry.py %t.json tuning_seconds 5e-324 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=TUNING
// RUN: %python %S/Inputs/edit_entry.py %t.json speedup 1e300 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=SPEEDUP
// RUN: %python %S/Inputs/edit_entry.py %t.json speedup 5e-324 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=SPEEDUP
// RUN: %python %S/Inputs/edit_entry.py %t.json tie_band 1.5 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=TIEBAND
// RUN: %python %S/Inputs/edit_entry.py %t.json min_gain 2 > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=MINGAIN
// RUN: %python %S/Inputs/edit_entry.py %t.json tuned_at '"2025-13-45T99:99:99Z"' > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=TUNEDAT
// RUN: %python %S/Inputs/edit_entry.py %t.json tuned_at '"yesterday"' > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=TUNEDAT
// RUN: %python %S/Inputs/edit_entry.py %t.json tuned_at '"2025-02-29T12:00:00Z"' > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=TUNEDAT
// RUN: %python %S/Inputs/edit_entry.py %t.json site.params.0 '"system(\"id\")"' > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=PARAM
// RUN: %python %S/Inputs/edit_entry.py %t.json site.params.0 '"B C"' > %t.bad
// RUN: not %autotune-cache --dir %t.new import %t.bad 2>&1 | %FileCheck %s --check-prefix=PARAM
// RUN: not ls %t.new
// The numbers at the ends of the ranges, and a time of 0, are taken; the
// picture of times 1e19 apart is drawn.
// RUN: %python %S/Inputs/edit_entry.py %t.json variants.0.best 1e-12 > %t.edge
// RUN: %python %S/Inputs/edit_entry.py %t.edge variants.1.best 1e7 > %t.edge2
// RUN: %python %S/Inputs/edit_entry.py %t.edge2 variants.2.best 0 > %t.edge
// RUN: %python %S/Inputs/edit_entry.py %t.edge tuned_at '""' > %t.edge2
// RUN: %autotune-cache --dir %t.new import %t.edge2 | %FileCheck %s --check-prefix=EDGE
// RUN: %autotune-cache --dir %t.new plot bounded --output %t.svg
// RUN: not grep -i -e nan -e inf %t.svg

#include <autotune/autotune.h>

template <int A, int B> void work(int *out) { *out = A * B; }

int main() {
  int out = 0;
#pragma autotune space(A = {1, 2}, B = {3, 4}) name("bounded")
  work<A, B>(&out);
  return 0;
}
// DENORMAL:      autotune-cache: error: {{.*}}.bad: entry 1 (site 'bounded'): 'variants[0].best' must be 0 or between 1e-12 and 1e7 seconds
// DENORMAL-NEXT: autotune-cache: nothing imported
// MEDIAN:  'variants[1].median' must be 0 or between 1e-12 and 1e7 seconds
// SAMPLE:  'variants[0].samples[0]' must be 0 or between 1e-12 and 1e7 seconds
// WARMUP:  'variants[0].warm_up' must be 0 or between 1e-12 and 1e7 seconds
// TUNING:  'tuning_seconds' must be 0 or between 1e-12 and 1e7 seconds
// SPEEDUP: 'speedup' must be between 1e-9 and 1e9
// TIEBAND: 'tie_band' must be a fraction below 1
// MINGAIN: 'min_gain' must be a fraction below 1
// TUNEDAT: 'tuned_at' must be a UTC time as the runtime writes it ("2025-01-31T12:00:00Z") or ""
// PARAM:   'site.params' must be a non-empty array of identifiers
// EDGE: imported 1 entry into
