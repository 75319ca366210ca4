// A launch 'k<<<grid, block[, smem[, stream]]>>>(args)' takes 2 to 4
// configuration arguments: any other count is an error at '<<<', and the
// statement is dropped (no second error from Clang). Reported by the host
// and the device job alike.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __global__ void kernel(int *x) { x[threadIdx.x] = B; }

void valid(int *x, cudaStream_t s) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x);
#pragma autotune space(B = {32, 64})
  kernel<B><<<dim3(1, 1), dim3(B), 0>>>(x);
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B, B * sizeof(int), s>>>(x);
}

void too_few(int *x) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1>>>(x); // expected-error {{a launch takes 2 to 4 configuration arguments, not 1}}
  // An empty configuration has no arguments.
#pragma autotune space(B = {32, 64})
  kernel<B><<<>>>(x); // expected-error {{a launch takes 2 to 4 configuration arguments, not 0}}
}

void too_many(int *x, cudaStream_t s) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B, 0, s, 5>>>(x); // expected-error {{a launch takes 2 to 4 configuration arguments, not 5}}
}

void commas_inside_arguments_do_not_count(int *x) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<dim3(1, 1, 1), dim3(B, 1, 1)>>>(x);
}

#define ONE_ARG 1
#define TWO_ARGS 1, B
void from_a_macro(int *x) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<TWO_ARGS>>>(x);
#pragma autotune space(B = {32, 64})
  kernel<B><<<ONE_ARG>>>(x); // expected-error {{a launch takes 2 to 4 configuration arguments, not 1}}
}

template <int X> void in_a_template(int *x) {
#pragma autotune space(B = {32, 64})
  kernel<B + X><<<X>>>(x); // expected-error {{a launch takes 2 to 4 configuration arguments, not 1}}
}
template void in_a_template<1>(int *);
