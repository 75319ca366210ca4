// A key of an unsigned type above INT64_MAX is held in 64 bits and printed
// as unsigned everywhere: the log line, the cache file (a JSON integer
// above INT64_MAX), and autotune-cache's list, show, report and CSV export;
// pin's '--key' selects it by that value, not by its signed reading. The
// same bits of a signed key stay negative, and the two are different keys.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=LOG
// RUN: cat %t.cache/unsigned-*.json | %FileCheck %s --check-prefix=FILE
// RUN: %autotune-cache --dir %t.cache list | %FileCheck %s --check-prefix=LIST
// RUN: %autotune-cache --dir %t.cache show unsigned | %FileCheck %s --check-prefix=SHOW
// RUN: %autotune-cache --dir %t.cache pin unsigned --key 18446744073709551615,9223372036854775813 | %FileCheck %s --check-prefix=PIN
// RUN: not %autotune-cache --dir %t.cache pin unsigned --key -1,9223372036854775813 2>&1 | %FileCheck %s --check-prefix=OTHER
// RUN: %autotune-cache --dir %t.cache report | %FileCheck %s --check-prefix=REPORT
// RUN: %autotune-cache --dir %t.cache export --csv | %FileCheck %s --check-prefix=CSV
// The second run finds each entry by its own key.
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=WARM --allow-empty

#include <autotune/autotune.h>

#include <cstdint>

template <int A> void work(int *x) { *x += A; }

enum class Id : std::uint64_t {};

void unsignedKey(int *x, unsigned long long n, Id id) {
#pragma autotune space(A = {1, 2}) key(n, id) name("unsigned")
  work<A>(x);
}

void signedKey(int *x, long long n) {
#pragma autotune space(A = {1, 2}) key(n) name("signed")
  work<A>(x);
}

int main() {
  int x = 0;
  unsignedKey(&x, ~0ull, Id(9223372036854775813ull));
  signedKey(&x, -1);
  return 0;
}
// LOG-DAG: autotune: unsigned key=(18446744073709551615, 9223372036854775813) device=host
// LOG-DAG: autotune: signed key=(-1) device=host
// FILE: "key": [
// FILE-NEXT: 18446744073709551615,
// FILE-NEXT: 9223372036854775813
// LIST-DAG: unsigned {{ *}}(18446744073709551615, 9223372036854775813)
// LIST-DAG: signed {{ *}}(-1)
// SHOW: key:         (18446744073709551615, 9223372036854775813)
// PIN: unsigned key=(18446744073709551615, 9223372036854775813) device=host
// OTHER: no entry for site 'unsigned' with key (-1, 9223372036854775813) in {{.*}} (its keys: (18446744073709551615, 9223372036854775813))
// REPORT-DAG: (18446744073709551615, 9223372036854775813):
// REPORT-DAG: (-1):
// CSV-DAG: unsigned,unsigned,{{.*}},18446744073709551615 9223372036854775813,host
// A cell that starts with '-' is kept text for spreadsheets (docs/cache.md).
// CSV-DAG: signed,signed,{{.*}},'-1,host
// WARM-NOT: variants, winner
