// Bug: when the statement's ';' comes from an object-like macro, the source
// form cuts the macro's name in two ('G }; ... }O' for 'GO'), because it
// assumes that the statement ends with a one-character token written in the
// file. The macro call must stay intact and the output must compile.
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t.cpp %s
// RUN: sed -e 's,// [A-Z][A-Z-]*:.*,,' %t.cpp | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %t.cpp

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }
#define GO work<B>(x);

void object_like(int *x) {
#pragma autotune space(B = {1, 2})
  GO
  int after = 0;
  (void)after;
}
// CHECK-LABEL: void object_like(int *x) {
// CHECK-NEXT: {{^}}{ static constexpr
// CHECK-NEXT: {{^}}  GO }; ::autotune::CallArgs
// CHECK-SAME: __autotune_args); }{{$}}
// CHECK-NEXT: {{^}}  int after = 0;
