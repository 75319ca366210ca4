// A pragma continued over several lines with '\': all its clauses apply,
// the site's line is the pragma's first line, the recorded clause text is
// one line, and in the source form the statement keeps its own line.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A, int B> void work(int *x) { x[0] = A * B; }

void continued(int *x, int n) {
#pragma autotune space(A = {1, 2, 4},  \
                       B = {8, 16})    \
                 where(A * B <= 32)    \
                 key(n)
  work<A, B>(x);
  // CHECK-LABEL: void continued(int *x, int n) {
  // CHECK-NEXT: __autotune_points[] = {1, 8, 1, 16, 2, 8, 2, 16, 4, 8};
  // CHECK-SAME: ::autotune::keyArgument(n); {{.*}} ::autotune::keyValues(__autotune_key0);
  // CHECK-SAME: {"LineContinuation.cpp:work", "{{[^"]*}}LineContinuation.cpp", 13,
  // CHECK-SAME: "space(A = {1, 2, 4}, B = {8, 16}) where(A * B <= 32) key(n)"
  // CHECK: __autotune_args.Key = __autotune_key.Values;
  // The source form: the block on the pragma's line, three empty lines for
  // the continued ones, then the statement on its own line (17).
  // SRC-LABEL: void continued(int *x, int n) {
  // SRC-NEXT: {{^}}{ static constexpr {{.*}} __autotune_points[] = {1, 8, 1, 16, 2, 8, 2, 16, 4, 8};
  // SRC-SAME: ::autotune::keyArgument(n); {{.*}} ::autotune::keyValues(__autotune_key0);
  // SRC-EMPTY:
  // SRC-EMPTY:
  // SRC-EMPTY:
  // SRC-NEXT: {{^}}  work<A, B>(x); }; ::autotune::CallArgs
  // SRC-SAME: __autotune_args.Key = __autotune_key.Values;
}

// A continuation inside a value list.
void continued_list(int *x) {
#pragma autotune space(A = {1, \
                            3}, B = {5})
  work<A, B>(x);
  // CHECK-LABEL: void continued_list(int *x) {
  // CHECK: __autotune_points[] = {1, 5, 3, 5};
}
