// A site without 'key' whose launch configuration or 'restore'/'verify'
// count uses a run-time value keeps its first winner for every later size: a
// warning at the first such name. 'key()' says one point for all calls.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __global__ void kernel(float *x, int n) { x[threadIdx.x] = n; }

void grid_from_parameter(float *x, int n) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<(n + B - 1) / B, B>>>(x, n); // expected-warning {{the launch configuration uses 'n', which can change from call to call, but the site has no 'key': every call runs the point tuned for the first; add 'key(...)' with the values that set the problem size, or 'key()' to keep one point for all calls}}
}

void grid_from_local(float *x, int n) {
  int blocks = n / 64;
#pragma autotune space(B = {64, 128})
  kernel<B><<<blocks, B>>>(x, n); // expected-warning {{the launch configuration uses 'blocks'}}
}

struct Problem {
  int rows;
  void run(float *x);
};
void Problem::run(float *x) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<rows, B>>>(x, rows); // expected-warning {{the launch configuration uses 'rows'}}
}

int GlobalRows = 3;
void grid_from_global(float *x) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<GlobalRows, B>>>(x, 1); // expected-warning {{the launch configuration uses 'GlobalRows'}}
}

void restore_count(float *x, int n) {
#pragma autotune space(B = {64, 128}) restore(x[n]) // expected-warning {{'restore' uses 'n'}}
  kernel<B><<<1, B>>>(x, n);
}

void verify_count(float *x, int n) {
#pragma autotune space(B = {64, 128}) verify(x[n]) // expected-warning {{'verify' uses 'n'}}
  kernel<B><<<1, B>>>(x, n);
}

#define GRID(n) ((n) / 64)
void from_a_macro(float *x, int n) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<GRID(n), B>>>(x, n); // expected-warning {{the launch configuration uses 'n'}}
}

template <typename T> void in_a_template(T *x, int n) {
#pragma autotune space(B = {64, 128})
  kernel<B><<<n, B>>>(x, n); // expected-warning {{the launch configuration uses 'n'}}
}
template void in_a_template<float>(float *, int);

// Negative cases: a key, 'key()', constants, parameters of the space, a
// stream (no part of the problem), run-time values in kernel arguments only.
constexpr int Blocks = 8;
const int ConstBlocks = 4;
enum { EnumBlocks = 2 };
void with_key(float *x, int n) {
#pragma autotune space(B = {64, 128}) key(n) restore(x[n])
  kernel<B><<<n, B>>>(x, n);
}
void explicitly_no_key(float *x, int n) {
#pragma autotune space(B = {64, 128}) key() restore(x[n])
  kernel<B><<<n, B>>>(x, n);
}
void constants_only(float *x, int n, cudaStream_t s) {
  constexpr int Local = 3;
#pragma autotune space(B = {64, 128})
  kernel<B><<<Blocks + ConstBlocks + EnumBlocks + Local, B, B * sizeof(float), s>>>(x, n);
}
