// The pragma tunes host code that launches work; inside a __global__ or
// __device__ function it is an error at 'autotune' naming the function, in
// the host job and in the device job alike, and the statement is dropped.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __global__ void kernel(int *x) { x[threadIdx.x] = B; }
template <int B> __device__ void step(int *x) { x[threadIdx.x] += B; }

void valid_host_launch(int *x) {
#pragma autotune space(B = {32, 64})
  kernel<B><<<1, B>>>(x);
}

void valid_in_host_lambda(int *x) {
  auto launch = [=] {
#pragma autotune space(B = {32, 64})
    kernel<B><<<1, B>>>(x);
  };
  launch();
}

__global__ void global_function(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('global_function' is a __global__ function)}}
  step<B>(x);
}

__device__ void device_function(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('device_function' is a __device__ function)}}
  step<B>(x);
}

__device__ void also_bad_clauses(int *x) {
  // Both are reported; the statement is still dropped.
  // expected-error@+1 {{'#pragma autotune' cannot be used in device code ('also_bad_clauses' is a __device__ function)}}
#pragma autotune space(B = {}) // expected-error {{empty value list for parameter 'B'}}
  step<B>(x);
}

#define DEVICE __device__
DEVICE void from_a_macro(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('from_a_macro' is a __device__ function)}}
  step<B>(x);
}

template <int X> __global__ void in_a_kernel_template(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('in_a_kernel_template' is a __global__ function)}}
  step<B + X>(x);
}
template __global__ void in_a_kernel_template<1>(int *);

// A __host__ __device__ function is in DeviceCodeHostDevice.cu, lambdas in
// DeviceCodeLambda.cu, member functions in DeviceCodeMemberFunction.cu.
