// A launch written through a macro: the token form holds the expansion (so
// every variant compiles), and the source form keeps the macro call as
// written.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    y[i] *= 2;
}

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))
#define LAUNCH_SCALE(n, y) scale<BLOCK><<<CEIL_DIV(n, BLOCK), BLOCK>>>(n, y)
// SRC: {{^}}#define LAUNCH_SCALE(n, y) scale<BLOCK><<<CEIL_DIV(n, BLOCK), BLOCK>>>(n, y)

void run(int n, float *y) {
#pragma autotune space(BLOCK = {128, 512})
  LAUNCH_SCALE(n, y);
  // CHECK-LABEL: void run(int n, float *y) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NEXT: {{^}}  scale<BLOCK><<<(((n) + (BLOCK) - 1) / (BLOCK)), BLOCK>>>(n, y); };
  // CHECK-NOT: LAUNCH_SCALE
  // SRC-LABEL: void run(int n, float *y) {
  // SRC: ::autotune::Form::Launch
  // SRC-NEXT: {{^}}  LAUNCH_SCALE(n, y); }; ::autotune::CallArgs
}
// PTX-DAG: .entry _Z5scaleILi128EEviPf(
// PTX-DAG: .entry _Z5scaleILi512EEviPf(
