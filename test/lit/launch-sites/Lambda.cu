// A site inside a lambda, plain and generic: the site's own lambda nests in
// the user's, captures what the user's lambda captured, and the kernels of
// both are emitted by the device job.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B, class T> __global__ void fill(T *x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    x[i] = T(B);
}

void run(float *x, int n) {
  auto plain = [&](int m) {
#pragma autotune space(B = {32, 128})
    fill<B><<<(m + B - 1) / B, B>>>(x, m);
    // CHECK-LABEL: auto plain = [&](int m) {
    // CHECK-NEXT: {{^}} { static constexpr
    // CHECK-NEXT: {{^}}    fill<B><<<(m + B - 1) / B, B>>>(x, m); };
    // CHECK-SAME: ::autotune::variants<::autotune::Point<32>, ::autotune::Point<128>>
    // SRC-LABEL: auto plain = [&](int m) {
    // SRC-NEXT: {{^}}{ static constexpr
    // SRC-NEXT: {{^}}    fill<B><<<(m + B - 1) / B, B>>>(x, m); };
  };
  plain(n);

  auto generic = [=](auto *p) {
#pragma autotune space(B = {512})
    fill<B><<<(n + B - 1) / B, B>>>(p, n);
    // CHECK-LABEL: auto generic = [=](auto *p) {
    // CHECK-NEXT: {{^}} { static constexpr
    // CHECK-NEXT: {{^}}    fill<B><<<(n + B - 1) / B, B>>>(p, n); };
  };
  generic(x);
  generic(reinterpret_cast<int *>(x));
}
// PTX-DAG: .entry _Z4fillILi32EfEvPT0_i(
// PTX-DAG: .entry _Z4fillILi128EfEvPT0_i(
// PTX-DAG: .entry _Z4fillILi512EfEvPT0_i(
// PTX-DAG: .entry _Z4fillILi512EiEvPT0_i(
