// A pragma above a function's definition (a habit from tools that annotate
// kernels) is one error that says where the pragma belongs; the definition
// compiles as written, and nothing else is reported.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s

#include <autotune/autotune.h>

// expected-error@+1 {{'#pragma autotune' tunes a statement, not the definition of 'scale': put it inside the host function that launches the kernel, right above the launch statement}}
#pragma autotune space(B = {64, 128})
template <int B> __global__ void scale(float *x) { x[threadIdx.x] *= B; }

// expected-error@+1 {{not the definition of 'add'}}
#pragma autotune space(B = {64, 128})
__global__ void add(float *x) { x[threadIdx.x] += 1; }

// expected-error@+1 {{not the definition of 'launch'}}
#pragma autotune space(B = {64, 128})
void launch(float *x) { scale<64><<<1, 64>>>(x); }

#define KERNEL __global__ void
// expected-error@+1 {{not the definition of 'from_a_macro'}}
#pragma autotune space(B = {64, 128})
KERNEL from_a_macro(float *x) { x[0] = 0; }

struct Launcher {
  // expected-error@+1 {{not the definition of 'run'}}
#pragma autotune space(B = {64, 128})
  void run(float *x) { scale<64><<<1, 64>>>(x); }
};

template <typename T> void specialized(T *x);
// expected-error@+1 {{not the definition of 'specialized'}}
#pragma autotune space(B = {64, 128})
template <> void specialized<float>(float *x) { scale<64><<<1, 64>>>(x); }

struct Functor {
  // expected-error@+1 {{not the definition of 'operator()'}}
#pragma autotune space(B = {64, 128})
  void operator()(float *x) { scale<64><<<1, 64>>>(x); }
};

// Control: where the pragma belongs.
void right_place(float *x) {
#pragma autotune space(B = {64, 128}) key()
  scale<B><<<1, B>>>(x);
}

// A declaration without a body is no definition: the pragma is outside a
// function body, and its statement is dropped. (Right after a function's '}'
// the compiler's own errors report it instead; hence 'counter'.)
int counter;
#pragma autotune space(B = {64, 128}) // expected-error {{'#pragma autotune' must be inside a function body}}
template <int B> __global__ void declared_only(float *x);
