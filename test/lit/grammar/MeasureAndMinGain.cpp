// measure(...) and min_gain(...) are SiteInfo's TimeLimit, MinGain and
// ColdL2, after Mode, as written; a site without them leaves all four out.
// The same in the rewritten source.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune -fsyntax-only %s

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }

void all_three(int *x) {
#pragma autotune space(A = {1, 2, 3}) measure(time = 0.25, cold_l2) min_gain(0.05)
  work<A>(x);
  // CHECK-LABEL: void all_three(int *x) {
  // CHECK: __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Blocking, 0.25, 0.05, true};
  // SRC-LABEL: void all_three(int *x) {
  // SRC: __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Blocking, 0.25, 0.05, true};
}

void gain_only(int *x) {
#pragma autotune space(A = {1, 2, 3}) min_gain(0) mode(online)
  work<A>(x);
  // CHECK-LABEL: void gain_only(int *x) {
  // CHECK: __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Online, 0, 0, false};
}

void none(int *x) {
#pragma autotune space(A = {1, 2, 3})
  work<A>(x);
  // CHECK-LABEL: void none(int *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
}
