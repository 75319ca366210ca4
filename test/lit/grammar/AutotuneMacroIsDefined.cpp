// The plugin defines __AUTOTUNE__ (to 1) in every compile it runs in, so that
// a file can stay compilable without it; without the plugin it is undefined.
// 'clang -E' runs no plugin action, so there it is not defined either
// (docs/pragma.md): the file's plain path is what the output shows.
// RUN: %clangxx %autotune -fsyntax-only -DEXPECTED=1 %s
// RUN: %clangxx -std=c++17 -fsyntax-only -DEXPECTED=0 %s
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s --check-prefix=PREPROCESS
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s | %FileCheck %s --check-prefix=SRC

#ifdef __AUTOTUNE__
#include <autotune/autotune.h>
constexpr int autotune_macro = __AUTOTUNE__;
#else
constexpr int autotune_macro = 0;
#endif
// PREPROCESS: constexpr int autotune_macro = 0;

#ifdef EXPECTED
static_assert(autotune_macro == EXPECTED,
              "__AUTOTUNE__ is 1 exactly when the plugin is loaded");
#endif

template <int A> void work(int *x) { x[0] = A; }

void portable(int *x) {
#ifdef __AUTOTUNE__
#pragma autotune space(A = {1, 2})
  work<A>(x);
#else
  work<1>(x);
#endif
  // PREPROCESS-LABEL: void portable(int *x) {
  // PREPROCESS-NOT: autotune
  // PREPROCESS: work<1>(x);
  // SRC-LABEL: void portable(int *x) {
  // SRC: {{^}}{ static constexpr
}
