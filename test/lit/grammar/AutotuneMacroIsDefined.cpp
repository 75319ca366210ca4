// The plugin defines __AUTOTUNE__ in every compile, so that a file can stay
// compilable without it.
// 'clang -E' runs no plugin action, so there the macro is not defined by the
// plugin (docs/pragma.md); the pragma is still rewritten.
// RUN: %clangxx %autotune -fsyntax-only %s
// RUN: %clangxx %autotune -D__AUTOTUNE__=1 -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx -std=c++17 -fsyntax-only -DWITHOUT_PLUGIN %s

#include <cstdio>

#if defined(__AUTOTUNE__) && !defined(WITHOUT_PLUGIN)
#include <autotune/autotune.h>
int plugin_is_on = __AUTOTUNE__;
#elif defined(__AUTOTUNE__) || !defined(WITHOUT_PLUGIN)
#error "__AUTOTUNE__ must be defined exactly when the plugin is loaded"
#endif
// CHECK: int plugin_is_on = 1;

template <int A> void work(int *x) { x[0] = A; }

void portable(int *x) {
#ifdef __AUTOTUNE__
#pragma autotune space(A = {1, 2})
  work<A>(x);
#else
  work<1>(x);
#endif
  // CHECK-LABEL: void portable(int *x) {
  // CHECK-NEXT: {{^}} { static constexpr
  // SRC-LABEL: void portable(int *x) {
  // SRC: {{^}}{ static constexpr
}
