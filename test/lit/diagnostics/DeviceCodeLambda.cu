// A '__device__' lambda is device code although the function around it runs
// on the host: the pragma inside it is the same error as in a __device__
// function.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s
// FIXME: fails today. rejectDeviceCode (AutotunePragma.cpp) asks Sema for
// the current function without lambdas (getCurFunctionDecl(false)) and sees
// the host function 'host_function'; the site is rewritten and both jobs then
// fail on the generated code: "no matching constructor for initialization of
// '::autotune::Site'" and "no matching function for call to 'variants'".

#include <autotune/autotune.h>

template <int B> __device__ void step(int *x) { x[threadIdx.x] += B; }

void host_function(int *x) {
  auto on_device = [=] __device__ () {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in device code}}
    step<B>(x);
  };
  (void)on_device;
}
