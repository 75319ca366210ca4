// A __device__ member function is device code wherever it is defined: the
// pragma in one defined in its class (parsed when the class is complete) is
// the same error as in a free __device__ function, naming the member, in the
// host job and in the device job alike.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s
// autotune-rewrite names the functions as the compiler does, unqualified.
// RUN: %if rewrite-tool %{ %autotune-rewrite %s -o %t.out -- -std=c++17 -I%S/../../../runtime/include -Xclang -verify %}

#include <autotune/autotune.h>

template <int B> __device__ void step(int *x) { x[threadIdx.x] += B; }
template <int B> __global__ void kernel(int *x) { step<B>(x); }

struct Stepper {
  __device__ void in_class(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('in_class' is a __device__ function)}}
    step<B>(x);
  }

  static __device__ void static_in_class(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('static_in_class' is a __device__ function)}}
    step<B>(x);
  }

  __host__ __device__ void host_device_in_class(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('host_device_in_class' is a __host__ __device__ function)}}
    step<B>(x);
  }

  __device__ void out_of_class(int *x);

  // Control: a host member function launches and is tuned.
  void launch(int *x) {
#pragma autotune space(B = {32, 64})
    kernel<B><<<1, B>>>(x);
  }
};

__device__ void Stepper::out_of_class(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('out_of_class' is a __device__ function)}}
  step<B>(x);
}

template <int X> struct StepperTemplate {
  __device__ void in_class_template(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('in_class_template' is a __device__ function)}}
    step<B + X>(x);
  }
};
template struct StepperTemplate<1>;
