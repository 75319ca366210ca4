// autotune-cache pin SITE: for each entry of the site, a line naming its key
// and device, then the clause that fixes its winner in the source; with
// --key only that key's entry; with --top N, configs(...) of the winner and
// the next fastest measured points. Entries whose winners differ are said
// to differ. AUTOTUNE_LOG=1 ends the summary line with the same clause.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: rm -rf %t.cache
// RUN: env AUTOTUNE_CACHE_DIR=%t.cache AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s --check-prefix=LOG
// RUN: %autotune-cache --dir %t.cache pin pinned | %FileCheck %s --check-prefix=BOTH
// RUN: %autotune-cache --dir %t.cache pin pinned --key 2 | %FileCheck %s --check-prefix=KEY --implicit-check-not=differ
// RUN: %autotune-cache --dir %t.cache pin --key=1 pinned --top 2 | %FileCheck %s --check-prefix=TOP
// RUN: %autotune-cache --dir %t.cache pin pinned --key " 1 " --top 5 | %FileCheck %s --check-prefix=ALL
// The template instantiation's label works as well as its name(...).
// RUN: %autotune-cache --dir %t.cache pin "single[T = int]" | %FileCheck %s --check-prefix=ONE --implicit-check-not=differ

#include <autotune/autotune.h>

#include <chrono>
#include <thread>

// The point REPEAT = n is fastest; the others are slower the larger they are.
template <int REPEAT> void work(int n) {
  int Units = REPEAT == n ? 1 : 3 * REPEAT * REPEAT;
  std::this_thread::sleep_for(std::chrono::microseconds(100 * Units));
}

void pinned(int n) {
#pragma autotune space(REPEAT = {3, 1, 2}) key(n) name("pinned")
  work<REPEAT>(n);
}

template <typename T> void single() {
#pragma autotune configs({REPEAT = 3, K = 1}, {REPEAT = 2, K = 2}) name("single")
  work<REPEAT>(K);
}

int main() {
  pinned(1);
  pinned(2);
  single<int>();
  return 0;
}
// LOG: autotune: pinned key=(1) device={{.*}}: 3/3 variants{{( \([^)]*\))?}}, winner REPEAT=1, {{.*}}; to fix it in the source: default(REPEAT = 1)
// LOG: autotune: pinned key=(2) device={{.*}}; to fix it in the source: default(REPEAT = 2)
// LOG: autotune: single[T = int] device={{.*}}; to fix it in the source: default(REPEAT = 2, K = 2)

// BOTH:      pinned key=(1) device={{.*}}, tuned {{.*}}Z:
// BOTH-NEXT: default(REPEAT = 1)
// BOTH-EMPTY:
// BOTH-NEXT: pinned key=(2) device={{.*}}, tuned {{.*}}Z:
// BOTH-NEXT: default(REPEAT = 2)
// BOTH-EMPTY:
// BOTH-NEXT: the winners differ between these keys or devices: a site has one default(...); pick one, or keep the site tuning

// KEY:      pinned key=(2) device={{.*}}, tuned {{.*}}Z:
// KEY-NEXT: default(REPEAT = 2)
// KEY-NOT:  {{.}}

// TOP:      pinned key=(1) device={{.*}}, tuned {{.*}}Z:
// TOP-NEXT: configs({REPEAT = 1}, {REPEAT = 2})
// TOP-NOT:  {{.}}

// ALL:      pinned key=(1) device={{.*}}, tuned {{.*}}Z:
// ALL-NEXT: (only 3 points were measured)
// ALL-NEXT: configs({REPEAT = 1}, {REPEAT = 2}, {REPEAT = 3})

// ONE:      single[T = int] device={{.*}}, tuned {{.*}}Z:
// ONE-NEXT: default(REPEAT = 2, K = 2)
