// A site as the body of an 'if' (and of its 'else', and of a loop) without
// braces: the rewrite is one brace-enclosed statement, so 'else' still
// belongs to the 'if' and the loop body is the whole site.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only -Wall -Werror %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }
void fallback(int *x);

void then_branch(bool c, int *x) {
  if (c)
#pragma autotune space(B = {1, 2})
    work<B>(x);
  else
    fallback(x);
  // CHECK-LABEL: void then_branch(bool c, int *x) {
  // CHECK-NEXT: {{^}} if (c)
  // CHECK-NEXT: {{^}} { static constexpr
  // CHECK-NEXT: {{^}}    work<B>(x); }; ::autotune::CallArgs __autotune_args;
  // CHECK-SAME: __autotune_args); } }{{$}}
  // CHECK-NEXT: {{^}} else
  // CHECK-NEXT: {{^}}    fallback(x);
  // SRC-LABEL: void then_branch(bool c, int *x) {
  // SRC-NEXT: {{^}}  if (c)
  // SRC-NEXT: {{^}}{ static constexpr
  // SRC-NEXT: {{^}}    work<B>(x); }; ::autotune::CallArgs __autotune_args;
  // SRC-SAME: __autotune_args); } }{{$}}
  // SRC-NEXT: {{^}}  else
}

void else_branch(bool c, int *x) {
  if (c)
    fallback(x);
  else
#pragma autotune space(B = {1, 2})
    work<B>(x);
  // CHECK-LABEL: void else_branch(bool c, int *x) {
  // CHECK: {{^}} else
  // CHECK-NEXT: {{^}} { static constexpr
  // CHECK-NEXT: {{^}}    work<B>(x); }; ::autotune::CallArgs __autotune_args;
  // CHECK-SAME: __autotune_args); } }{{$}}
}

void loop_body(int n, int *x) {
  for (int i = 0; i < n; ++i)
#pragma autotune space(B = {1, 2})
    work<B>(x + i);
  // CHECK-LABEL: void loop_body(int n, int *x) {
  // CHECK-NEXT: {{^}} for (int i = 0; i < n; ++i)
  // CHECK-NEXT: {{^}} { static constexpr
  // CHECK-NEXT: {{^}}    work<B>(x + i); };
  // CHECK-SAME: __autotune_args); } }{{$}}
}
