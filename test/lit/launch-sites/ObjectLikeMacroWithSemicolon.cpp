// A statement whose ';' comes from a macro: the source form keeps the macro
// call intact ('GO }; ...', not 'G }; ... }O') and compiles; the token form
// holds the expansion.
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t.cpp %s
// RUN: sed -e 's,// [A-Z][A-Z-]*:.*,,' %t.cpp | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %t.cpp
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s --check-prefix=TOKENS

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }
#define GO work<B>(x);
#define CALL(p) work<B>(p);

void object_like(int *x) {
#pragma autotune space(B = {1, 2})
  GO
  int after = 0;
  (void)after;
}
// CHECK-LABEL: void object_like(int *x) {
// CHECK-NEXT: {{^}}{ static constexpr
// CHECK-NEXT: {{^}}  GO }; ::autotune::CallArgs
// CHECK-SAME: __autotune_args); } }{{$}}
// CHECK-NEXT: {{^}}  int after = 0;
// TOKENS-LABEL: void object_like(int *x) {
// TOKENS-NEXT: {{^}} { static constexpr
// TOKENS-NEXT: {{^}}  work<B>(x); }; ::autotune::CallArgs
// TOKENS-NEXT: {{^}}  int after = 0;

void function_like(int *x) {
#pragma autotune space(B = {1, 2})
  CALL(x)
  int after = 0;
  (void)after;
}
// CHECK-LABEL: void function_like(int *x) {
// CHECK-NEXT: {{^}}{ static constexpr
// CHECK-NEXT: {{^}}  CALL(x) }; ::autotune::CallArgs
// CHECK-SAME: __autotune_args); } }{{$}}
// CHECK-NEXT: {{^}}  int after = 0;
// TOKENS-LABEL: void function_like(int *x) {
// TOKENS-NEXT: {{^}} { static constexpr
// TOKENS-NEXT: {{^}}  work<B>(x); }; ::autotune::CallArgs
// TOKENS-NEXT: {{^}}  int after = 0;
