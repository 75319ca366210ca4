// A 'range' longer than the points that can be compiled is fine when 'where'
// keeps few enough: the limit of 4096 applies to what is compiled, and the
// range counts only against the candidates 'where' tests (262144), as the
// same values written as a list do.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %not %clangxx %autotune -fsyntax-only -DTOO_MANY %s 2>&1 | %FileCheck %s --check-prefix=MANY --implicit-check-not=error:

#include <autotune/autotune.h>

template <int B> void work(int *x);

void one_point_kept(int *x) {
#pragma autotune space(B = range(0, 5000)) where(B == 4321)
  work<B>(x);
  // CHECK: __autotune_points[] = {4321};
}

void every_tenth_kept(int *x) {
#pragma autotune space(B = range(0, 40000)) where(B % 10 == 0)
  work<B>(x);
  // CHECK: __autotune_points[] = {0, 10, 20,
}

#ifdef TOO_MANY
void kept_too_many(int *x) {
#pragma autotune space(B = range(0, 5000)) where(B != 1)
  work<B>(x);
  // MANY: RangeNarrowedByWhere.cpp:[[@LINE-2]]:9: error: the space has more than 4096 points; at most 4096 can be compiled
}

void too_many_to_test(int *x) {
#pragma autotune space(B = range(0, 300000)) where(B == 1)
  work<B>(x);
  // MANY: RangeNarrowedByWhere.cpp:[[@LINE-2]]:28: error: the space has more than 262144 candidate points; at most 262144 are tested by 'where', and at most 4096 compiled
}
#endif
