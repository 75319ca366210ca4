// 'where' keeps the points for which its expression is non-zero; the points
// it removes are not compiled at all, and repeated 'where' clauses must all
// hold.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A, int B> void work(int *x) { x[0] = A * B; }

void one_where(int *x) {
#pragma autotune space(A = {1, 2, 4}, B = {1, 2, 4}) where(A * B <= 4)
  work<A, B>(x);
  // CHECK-LABEL: void one_where(int *x) {
  // CHECK: __autotune_points[] = {1, 1, 1, 2, 1, 4, 2, 1, 2, 2, 4, 1};
  // CHECK-SAME: __autotune_points, 6,
  // CHECK: ::autotune::variants<::autotune::Point<1, 1>, ::autotune::Point<1, 2>, ::autotune::Point<1, 4>, ::autotune::Point<2, 1>, ::autotune::Point<2, 2>, ::autotune::Point<4, 1>>(
  // SRC-LABEL: void one_where(int *x) {
  // SRC: __autotune_points[] = {1, 1, 1, 2, 1, 4, 2, 1, 2, 2, 4, 1};
  // SRC: ::autotune::variants<::autotune::Point<1, 1>, ::autotune::Point<1, 2>, ::autotune::Point<1, 4>, ::autotune::Point<2, 1>, ::autotune::Point<2, 2>, ::autotune::Point<4, 1>>(
}

void repeated_where(int *x) {
#pragma autotune space(A = {1, 2, 4}, B = {1, 2, 4}) where(A * B <= 4) where(A != B)
  work<A, B>(x);
  // The points of one_where without (1, 1) and (2, 2).
  // CHECK-LABEL: void repeated_where(int *x) {
  // CHECK: __autotune_points[] = {1, 2, 1, 4, 2, 1, 4, 1};
  // CHECK-SAME: __autotune_points, 4,
  // CHECK: ::autotune::variants<::autotune::Point<1, 2>, ::autotune::Point<1, 4>, ::autotune::Point<2, 1>, ::autotune::Point<4, 1>>(
  // SRC-LABEL: void repeated_where(int *x) {
  // SRC: __autotune_points[] = {1, 2, 1, 4, 2, 1, 4, 1};
}

void where_operators(int *x) {
#pragma autotune space(A = range(0, 8), B = {1}) where(A % 3 == 0 || (A > 5 && !(A & 1))) where(A ? 1 : 0)
  work<A, B>(x);
  // A in {3, 6}: 0 fails the second clause, 6 passes both halves of '||'.
  // CHECK-LABEL: void where_operators(int *x) {
  // CHECK: __autotune_points[] = {3, 1, 6, 1};
}
