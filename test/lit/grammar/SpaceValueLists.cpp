// The three forms of a value list, and their points in the order written
// (the first parameter varies slowest).
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %s

#include <autotune/autotune.h>

template <int A, int B = 0, int C = 0> void work(int *x) { x[0] = A + B + C; }

void braces(int *x) {
#pragma autotune space(A = {1, 2 + 1, (4 * 2) << 1}, B = {-1, 0x10})
  work<A, B>(x);
  // CHECK-LABEL: void braces(int *x) {
  // CHECK: __autotune_points[] = {1, -1, 1, 16, 3, -1, 3, 16, 16, -1, 16, 16};
  // CHECK-SAME: __autotune_params, 2, __autotune_points, 6, 0, 0, ::autotune::Form::Host,
  // CHECK: work<A, B>(x); };
  // CHECK-SAME: ::autotune::variants<::autotune::Point<1, -1>, ::autotune::Point<1, 16>, ::autotune::Point<3, -1>, ::autotune::Point<3, 16>, ::autotune::Point<16, -1>, ::autotune::Point<16, 16>>(__autotune_variant)
}

void ranges(int *x) {
#pragma autotune space(A = range(0, 3), B = range(10, 0, -4), C = range(2, 9, 3))
  work<A, B, C>(x);
  // CHECK-LABEL: void ranges(int *x) {
  // CHECK: __autotune_points[] = {0, 10, 2, 0, 10, 5, 0, 10, 8, 0, 6, 2,
  // CHECK-SAME: __autotune_points, 27,
}

void powers(int *x) {
#pragma autotune space(A = pow2(32, 256), B = pow2(3, 20))
  work<A, B>(x);
  // CHECK-LABEL: void powers(int *x) {
  // CHECK: __autotune_params[] = {"A", "B"}; static constexpr long long __autotune_points[] = {32, 3, 32, 6, 32, 12, 64, 3, 64, 6, 64, 12, 128, 3, 128, 6, 128, 12, 256, 3, 256, 6, 256, 12};
}

#define TILE 64
#define TILES {TILE, 2 * TILE}
void macros(int *x) {
#pragma autotune space(A = TILES)
  work<A>(x);
  // CHECK-LABEL: void macros(int *x) {
  // CHECK: __autotune_points[] = {64, 128};
}

void wide_values(int *x) {
#pragma autotune space(A = {1, 1 << 40})
  (void)(x[0] = A > 2);
  // CHECK-LABEL: void wide_values(int *x) {
  // CHECK: constexpr long long A = static_cast<long long>(decltype(__autotune_point)::Values[0]);
}
