// In a launch, the configuration and the kernel arguments are evaluated once
// per measured variant while tuning: '++', '--' and assignments in them are
// warned about at the operator, saying which part they are in, once per
// compile: by the host job, not again by the device jobs.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify=device %s
// device-no-diagnostics

#include <autotune/autotune.h>

template <int B> __global__ void kernel(int *x, int n) { x[threadIdx.x] = B + n; }

void valid(int *x, int n) {
#pragma autotune space(B = {32, 64}) key(n)
  kernel<B><<<(n + B - 1) / B, B>>>(x, n == 0 ? 1 : n);
}

void in_kernel_arguments(int *x, int n) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x, n++); // expected-warning {{'++' in a kernel argument is evaluated once per run: during tuning it runs once for every measured variant}}
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x + n--, 0); // expected-warning {{'--' in a kernel argument}}
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x, n = 4); // expected-warning {{'=' in a kernel argument}}
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x, n *= 2); // expected-warning {{'*=' in a kernel argument}}
}

void in_launch_configuration(int *x, int n) {
#pragma autotune space(B = {32, 64}) key(n)
  kernel<B><<<n++, B>>>(x, 0); // expected-warning {{'++' in the launch configuration is evaluated once per run: during tuning it runs once for every measured variant}}
#pragma autotune space(B = {32, 64}) key(n)
  kernel<B><<<1, B, n = 0>>>(x, 0); // expected-warning {{'=' in the launch configuration}}
}

void both(int *x, int n, int m) {
#pragma autotune space(B = {32, 64}) key(m)
  kernel<B><<<m--, B>>>(x, n++); // expected-warning {{'--' in the launch configuration}} expected-warning {{'++' in a kernel argument}}
}

#define BUMP(v) ((v)++)
void from_a_macro(int *x, int n) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x, BUMP(n)); // expected-warning {{'++' in a kernel argument}}
}

template <int X> void in_a_template(int *x, int n) {
#pragma autotune space(B = {32, 64})
  kernel<B + X><<<1, B>>>(x, n++); // expected-warning {{'++' in a kernel argument}}
}
template void in_a_template<1>(int *, int);
