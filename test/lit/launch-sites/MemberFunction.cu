// A site inside a member function: the statement reads members, through
// 'this' and without it, and calls a member template; the site's lambda
// captures 'this'.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B> __global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    y[i] += a * x[i];
}

class Axpy {
public:
  void run(const float *x) {
#pragma autotune space(B = {128, 256}) key(N)
    axpy<B><<<blocks<B>(), B>>>(this->A, x, Y, N);
    // CHECK-LABEL: void run(const float *x) {
    // CHECK-NEXT: {{^}} { static constexpr
    // CHECK-SAME: ::autotune::keyArgument(N); {{.*}} ::autotune::keyValues(__autotune_key0);
    // CHECK-NEXT: {{^}}    axpy<B><<<blocks<B>(), B>>>(this->A, x, Y, N); };
    // CHECK-SAME: __autotune_args.Key = __autotune_key.Values;
    // SRC-LABEL: void run(const float *x) {
    // SRC-NEXT: {{^}}{ static constexpr
    // SRC-NEXT: {{^}}    axpy<B><<<blocks<B>(), B>>>(this->A, x, Y, N); };
  }

private:
  template <int B> int blocks() const { return (N + B - 1) / B; }
  float A = 2;
  float *Y = nullptr;
  int N = 0;
};

void use(Axpy &P, const float *x) { P.run(x); }
// PTX-DAG: .entry _Z4axpyILi128EEvfPKfPfi(
// PTX-DAG: .entry _Z4axpyILi256EEvfPKfPfi(
