// Bug (or an undocumented restriction): a 'configs' point that names the
// same parameters as the first point, in another order, is rejected with
// "every point of 'configs' must name the same parameters as the first;
// expected 'TILE'", although it does name the same parameters, and although
// 'default' accepts its parameters in any order. Expected: the point is
// accepted and stored in the first point's parameter order.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s

#include <autotune/autotune.h>

template <int TILE, int UNROLL> void work(int *x) { x[0] = TILE * UNROLL; }

void reordered(int *x) {
#pragma autotune configs({TILE = 64, UNROLL = 4}, {UNROLL = 2, TILE = 32})
  work<TILE, UNROLL>(x);
  // CHECK-LABEL: void reordered(int *x) {
  // CHECK: __autotune_params[] = {"TILE", "UNROLL"};
  // CHECK-SAME: __autotune_points[] = {64, 4, 32, 2};
}
