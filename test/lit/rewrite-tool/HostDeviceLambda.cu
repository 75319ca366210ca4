// A site inside a lambda marked '__host__ __device__' (or '__device__') is
// device code: autotune-rewrite refuses it as the plugin does, with the same
// message, rather than rewrite code that nvcc then compiles for the device.
// A lambda without marks in host code stays host code.
// REQUIRES: rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/out.cu -- -std=c++17 -I%S/../../../runtime/include -Xclang -verify
// RUN: test ! -e %t/out.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __host__ __device__ void step(int *x) { x[0] += B; }
template <int B> __global__ void kernel(int *x) { step<B>(x); }

void host_function(int *x) {
  auto both = [=] __host__ __device__ (int n) {
#pragma autotune space(B = {1, 2}) key() // expected-error {{'#pragma autotune' cannot be used in device code ('lambda' is a __host__ __device__ function)}}
    step<B>(x + n);
  };
  both(0);
  auto device_only = [=] __device__ () {
#pragma autotune space(B = {1, 2}) key() // expected-error {{'#pragma autotune' cannot be used in device code ('lambda' is a __device__ function)}}
    step<B>(x);
  };
  (void)device_only;
  auto plain = [=] {
#pragma autotune space(B = {32, 64}) key()
    kernel<B><<<1, B>>>(x);
  };
  plain();
}
