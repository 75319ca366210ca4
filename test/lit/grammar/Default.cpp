// 'default' picks the point used when tuning is off; SiteInfo holds its index
// among the compiled points (after 'where'). Without it, the first point.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A, int B = 0> void work(int *x) { x[0] = A + B; }

void no_default(int *x) {
#pragma autotune space(A = {8, 4, 2})
  work<A>(x);
  // CHECK-LABEL: void no_default(int *x) {
  // CHECK: __autotune_params, 1, __autotune_points, 3, 0, 0, ::autotune::Form::Host,
  // SRC-LABEL: void no_default(int *x) {
  // SRC: __autotune_params, 1, __autotune_points, 3, 0, 0, ::autotune::Form::Host,
}

void last_point(int *x) {
#pragma autotune space(A = {8, 4, 2}) default(A = 2)
  work<A>(x);
  // CHECK-LABEL: void last_point(int *x) {
  // CHECK: __autotune_params, 1, __autotune_points, 3, 2, 0, ::autotune::Form::Host,
  // SRC-LABEL: void last_point(int *x) {
  // SRC: __autotune_params, 1, __autotune_points, 3, 2, 0, ::autotune::Form::Host,
}

void index_after_where(int *x) {
#pragma autotune space(A = {1, 2, 3, 4}, B = {1, 2}) where(A % 2 == 0) default(B = 1, A = 4)
  work<A, B>(x);
  // Points (2, 1), (2, 2), (4, 1), (4, 2): (4, 1) is index 2.
  // CHECK-LABEL: void index_after_where(int *x) {
  // CHECK: __autotune_points[] = {2, 1, 2, 2, 4, 1, 4, 2};
  // CHECK-SAME: __autotune_params, 2, __autotune_points, 4, 2, 0, ::autotune::Form::Host,
}

void default_of_configs(int *x) {
#pragma autotune configs({A = 5, B = 5}, {A = 6, B = 6}) default(A = 6, B = 6)
  work<A, B>(x);
  // CHECK-LABEL: void default_of_configs(int *x) {
  // CHECK: __autotune_params, 2, __autotune_points, 2, 1, 0, ::autotune::Form::Host,
}
