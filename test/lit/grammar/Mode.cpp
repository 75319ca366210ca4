// 'mode(online)' is SiteInfo's Mode field, after the enclosing function;
// 'mode(blocking)' and no mode clause leave it out (the field's default,
// TuningMode::Blocking). The same in the rewritten source.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune -fsyntax-only %s

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }

void online(int *x) {
#pragma autotune space(A = {1, 2, 3}) mode(online) restore(x[1])
  work<A>(x);
  // CHECK-LABEL: void online(int *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Online};
  // SRC-LABEL: void online(int *x) {
  // SRC: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Online};
}

void blocking(int *x) {
#pragma autotune space(A = {1, 2, 3}) mode(blocking)
  work<A>(x);
  // CHECK-LABEL: void blocking(int *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // SRC-LABEL: void blocking(int *x) {
  // SRC: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
}

void no_mode(int *x) {
#pragma autotune space(A = {1, 2, 3})
  work<A>(x);
  // CHECK-LABEL: void no_mode(int *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
}

#define ONLINE_SITE(x)                                                         \
  _Pragma("autotune space(A = {1, 2}) mode(online)") work<A>(x)

void in_macro(int *x) {
  ONLINE_SITE(x);
  // CHECK-LABEL: void in_macro(int *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Online};
}

template <class T> void in_template(T *x) {
#pragma autotune space(A = {1, 2}) mode(online)
  work<A>(x);
  // CHECK-LABEL: void in_template(T *x) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}, ::autotune::TuningMode::Online};
}
template void in_template(int *);
