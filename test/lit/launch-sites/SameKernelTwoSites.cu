// The same kernel launched at two sites: two distinct sites, with distinct
// default names (by order: "file:scale", then "file:scale#2"; no line
// number, which would change with unrelated edits), distinct fingerprints and their own site objects,
// so that each is tuned for its own arguments.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int B> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    y[i] *= 2;
}

void small(float *y) {
#pragma autotune space(B = {64, 128})
  scale<B><<<(1000 + B - 1) / B, B>>>(1000, y);
}
// CHECK-LABEL: void small(float *y) {
// CHECK-NEXT: static constexpr ::autotune::SiteInfo __autotune_info = {"SameKernelTwoSites.cu:scale",
// CHECK-SAME: "{{[^"]*}}SameKernelTwoSites.cu", 19,
// CHECK-SAME: 0x[[FP_SMALL:[0-9A-F]+]]ULL
// CHECK-SAME: static ::autotune::Site __autotune_site(__autotune_info);
// SRC-LABEL: void small(float *y) {
// SRC-NEXT: __autotune_info = {"SameKernelTwoSites.cu:scale",

void large(float *y) {
#pragma autotune space(B = {64, 128})
  scale<B><<<(1000000 + B - 1) / B, B>>>(1000000, y);
}
// CHECK-LABEL: void large(float *y) {
// CHECK-NEXT: static constexpr ::autotune::SiteInfo __autotune_info = {"SameKernelTwoSites.cu:scale#2",
// CHECK-SAME: "{{[^"]*}}SameKernelTwoSites.cu", 31,
// CHECK-NOT: 0x[[FP_SMALL]]ULL
// CHECK-SAME: static ::autotune::Site __autotune_site(__autotune_info);
// SRC-LABEL: void large(float *y) {
// SRC-NEXT: __autotune_info = {"SameKernelTwoSites.cu:scale#2",
