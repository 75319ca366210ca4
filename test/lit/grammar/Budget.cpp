// 'budget(n)' is SiteInfo's Budget field (after the default point's index);
// without it the field is 0, meaning every point is measured. All points are
// still compiled.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A, int B> void work(int *x) { x[0] = A * B; }

void no_budget(int *x) {
#pragma autotune space(A = {1, 2, 3}, B = {1, 2, 3})
  work<A, B>(x);
  // CHECK-LABEL: void no_budget(int *x) {
  // CHECK: __autotune_params, 2, __autotune_points, 9, 0, 0, ::autotune::Form::Host,
  // SRC-LABEL: void no_budget(int *x) {
  // SRC: __autotune_params, 2, __autotune_points, 9, 0, 0, ::autotune::Form::Host,
}

void with_budget(int *x) {
#pragma autotune space(A = {1, 2, 3}, B = {1, 2, 3}) budget(4) default(A = 2, B = 2)
  work<A, B>(x);
  // CHECK-LABEL: void with_budget(int *x) {
  // CHECK: __autotune_params, 2, __autotune_points, 9, 4, 4, ::autotune::Form::Host,
  // CHECK: ::autotune::variants<::autotune::Point<1, 1>, {{.*}}, ::autotune::Point<3, 3>>(
  // SRC-LABEL: void with_budget(int *x) {
  // SRC: __autotune_params, 2, __autotune_points, 9, 4, 4, ::autotune::Form::Host,
}

void budget_expression(int *x) {
#pragma autotune space(A = {1, 2, 3}, B = {1, 2, 3}) budget(2 * 3)
  work<A, B>(x);
  // CHECK-LABEL: void budget_expression(int *x) {
  // CHECK: __autotune_params, 2, __autotune_points, 9, 0, 6, ::autotune::Form::Host,
}
