// range() near the ends of 64 bits stops before overflowing, and a range too
// long to compile is an error rather than a long wait.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %not %clangxx %autotune -fsyntax-only -DTOO_LONG %s 2>&1 | %FileCheck %s --check-prefix=LONG

#include <autotune/autotune.h>

template <long long B> void work(long long *x) { x[0] = B; }

void near_the_end(long long *x) {
#pragma autotune space(B = range(0, 0x7fffffffffffffff, 0x4000000000000000))
  work<B>(x);
  // CHECK: __autotune_points[] = {0, 4611686018427387904};
}

#ifdef TOO_LONG
void too_long(long long *x) {
#pragma autotune space(B = range(0, 1 << 30))
  work<B>(x);
  // LONG: RangeLimits.cpp:[[@LINE-2]]:28: error: the space has more than 262144 candidate points; at most 262144 are tested by 'where', and at most 4096 compiled
}
#endif
