// 'configs' lists the points explicitly: they are compiled in the order
// written, with the parameters in the order the first point names them.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int TILE, int UNROLL> void work(int *x) { x[0] = TILE * UNROLL; }

void listed(int *x) {
#pragma autotune configs({TILE = 64, UNROLL = 4}, {TILE = 16, UNROLL = 1}, {TILE = 32, UNROLL = 2})
  work<TILE, UNROLL>(x);
  // CHECK-LABEL: void listed(int *x) {
  // CHECK: __autotune_params[] = {"TILE", "UNROLL"};
  // CHECK-SAME: __autotune_points[] = {64, 4, 16, 1, 32, 2};
  // CHECK-SAME: __autotune_params, 2, __autotune_points, 3, 0, 0, ::autotune::Form::Host,
  // CHECK-SAME: constexpr int TILE = static_cast<int>(decltype(__autotune_point)::Values[0]);
  // CHECK-SAME: constexpr int UNROLL = static_cast<int>(decltype(__autotune_point)::Values[1]);
  // CHECK: ::autotune::variants<::autotune::Point<64, 4>, ::autotune::Point<16, 1>, ::autotune::Point<32, 2>>(__autotune_variant)
  // SRC-LABEL: void listed(int *x) {
  // SRC: __autotune_params[] = {"TILE", "UNROLL"};
  // SRC-SAME: __autotune_points[] = {64, 4, 16, 1, 32, 2};
  // SRC: ::autotune::variants<::autotune::Point<64, 4>, ::autotune::Point<16, 1>, ::autotune::Point<32, 2>>(__autotune_variant)
}

// Values are constant expressions, as in 'space'.
void expressions(int *x) {
#pragma autotune configs({TILE = 8 * 8, UNROLL = (1 << 3)})
  work<TILE, UNROLL>(x);
  // CHECK-LABEL: void expressions(int *x) {
  // CHECK: __autotune_points[] = {64, 8};
}
