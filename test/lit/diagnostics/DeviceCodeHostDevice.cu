// A pragma in an explicitly __host__ __device__ function is device code: the
// device job could not compile the rewrite, so both jobs report it once, at
// the pragma. Functions that are host-device only implicitly (lambdas in
// host code, constexpr functions) stay host code.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> __host__ __device__ void either(int *x) { x[0] = B; }

__host__ __device__ void host_device(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code ('host_device' is a __host__ __device__ function)}}
  either<B>(x);
}

// Control: a lambda in host code is implicitly host-device; it is host code.
void host_only(int *x) {
  auto run = [&] {
#pragma autotune space(B = {1, 2})
    either<B>(x);
  };
  run();
}
