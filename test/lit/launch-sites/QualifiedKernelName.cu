// A kernel named with its full qualification, global '::' included, and a
// dependent template argument list: the statement is kept token for token,
// and the default site name takes the callee from it.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

namespace ns {
template <class T, int B> __global__ void k(T *x, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    x[i] += T(1);
}
} // namespace ns

namespace other {
template <class T> void run(T *x, int n) {
#pragma autotune space(B = {64, 128})
  ::ns::k<T, B><<<(n + B - 1) / B, B>>>(x, n);
  // CHECK-LABEL: template <class T> void run(T *x, int n) {
  // CHECK-NEXT: __autotune_info = {"QualifiedKernelName.cu:{{(::)?}}ns::k",
  // CHECK-SAME: "::ns::k<T, B><<<(n + B - 1) / B, B>>>(x, n);"
  // CHECK-NEXT: {{^}}  ::ns::k<T, B><<<(n + B - 1) / B, B>>>(x, n); };
  // SRC-LABEL: template <class T> void run(T *x, int n) {
  // SRC-NEXT: __autotune_info = {"QualifiedKernelName.cu:{{(::)?}}ns::k",
  // SRC-NEXT: {{^}}  ::ns::k<T, B><<<(n + B - 1) / B, B>>>(x, n); };
}
} // namespace other

void use(float *x, int n) { other::run(x, n); }
// PTX-DAG: .entry _ZN2ns1kIfLi64EEEvPT_i(
// PTX-DAG: .entry _ZN2ns1kIfLi128EEEvPT_i(
