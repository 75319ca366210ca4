// A default template argument of either kind ('int N = 256', 'typename T =
// float') before a site is part of a template head, not an initializer: the
// sites after it are inside their functions, for autotune-rewrite as for the
// plugin, whatever stands between.
// REQUIRES: rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/out.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %FileCheck %s --input-file=%t/out.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only %s 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET --implicit-check-not=error: --implicit-check-not=warning:
// QUIET-NOT: {{.}}

#include <autotune/autotune.h>

template <int N = 256> __global__ void fill(float *x) { x[threadIdx.x] = N; }

template <typename T = float, int Items = 4> struct Scaler {
  T factor = 2;
};

template <typename T = float, template <typename> class Box = Scaler>
void unused_template(T) {}

template <int B, typename T = float> __global__ void step(T *x) {
  x[threadIdx.x] += B;
}

void after_value_default(float *x) {
#pragma autotune space(B = {64, 128}) key() name("after-value-default")
  step<B><<<1, B>>>(x);
}

template <typename T = float> void after_type_default(T *x) {
#pragma autotune space(B = {64, 128}) key() name("after-type-default")
  step<B><<<1, B>>>(x);
}

struct Holder {
  template <int N = 8, typename U = int> void member(float *x) {
#pragma autotune space(B = {64, 128}) key() name("member-with-defaults")
    step<B><<<1, B>>>(x);
  }
};

void last(float *x) {
#pragma autotune space(B = {64, 128}) key() name("last")
  step<B><<<1, B>>>(x);
}

// CHECK: __autotune_info = {{[{]}}"after-value-default"
// CHECK: __autotune_info = {{[{]}}"after-type-default"
// CHECK: __autotune_info = {{[{]}}"member-with-defaults"
// CHECK: __autotune_info = {{[{]}}"last"
