// A site inside a function template whose statement depends on T: the
// rewrite is made once, on tokens, and every instantiation of the template
// compiles every variant of its own kernel.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <class T, int B> __global__ void k(T *x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    x[i] = x[i] * T(2);
}

template <class T> void scale(T *x, int n) {
#pragma autotune space(B = {64, 256})
  k<T, B><<<(n + B - 1) / B, B>>>(x, n);
  // CHECK-LABEL: template <class T> void scale(T *x, int n) {
  // CHECK-NEXT: {{^}} { static constexpr const char *__autotune_params[] = {"B"};
  // CHECK-SAME: ::autotune::Form::Launch, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // CHECK-NEXT: {{^}}  k<T, B><<<(n + B - 1) / B, B>>>(x, n); };
  // CHECK-SAME: ::autotune::variants<::autotune::Point<64>, ::autotune::Point<256>>(__autotune_variant)

  // SRC-LABEL: template <class T> void scale(T *x, int n) {
  // SRC-NEXT: {{^}}{ static constexpr const char *__autotune_params[] = {"B"};
  // SRC-NEXT: {{^}}  k<T, B><<<(n + B - 1) / B, B>>>(x, n); };
}

// Two instantiations: each one is its own set of kernels.
void both(float *f, double *d, int n) {
  scale(f, n);
  scale(d, n);
}
// PTX-DAG: .entry _Z1kIfLi64EEvPT_i(
// PTX-DAG: .entry _Z1kIfLi256EEvPT_i(
// PTX-DAG: .entry _Z1kIdLi64EEvPT_i(
// PTX-DAG: .entry _Z1kIdLi256EEvPT_i(
