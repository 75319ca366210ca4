// A '__device__' lambda is device code although the function around it runs
// on the host, and so is any lambda inside a __device__ or __global__
// function: the pragma inside one is the same error as in a __device__
// function, in the host job and in the device job alike. The message names
// a '__device__' lambda as 'lambda', and a lambda inside a device function
// by that function.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __device__ void step(int *x) { x[threadIdx.x] += B; }

void host_function(int *x) {
  auto on_device = [=] __device__ () {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('lambda' is a __device__ function)}}
    step<B>(x);
  };
  (void)on_device;
}

__device__ void lambda_in_device_function(int *x) {
  auto inner = [=] {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('lambda_in_device_function' is a __device__ function)}}
    step<B>(x);
  };
  inner();
}

__global__ void lambda_in_kernel(int *x) {
  auto inner = [=] {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('lambda_in_kernel' is a __global__ function)}}
    step<B>(x);
  };
  inner();
}

// Control: a lambda without '__device__' in host code is host code (see also
// DeviceCodeHostDevice.cu).
template <int B> __global__ void kernel(int *x) { step<B>(x); }
void host_lambda(int *x) {
  auto launch = [=] {
#pragma autotune space(B = {32, 64})
    kernel<B><<<1, B>>>(x);
  };
  launch();
}
