// A pragma right after a function's closing '}' is outside that function:
// the parser has not left the function when the pragma comes (the pragma is
// the token that ends its body), yet the error says where the pragma is, not
// that the function before it is device code, on both routes.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-host-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda -fsyntax-only --cuda-device-only -Xclang -verify %s
// RUN: %if rewrite-tool %{ %autotune-rewrite %s -o %t.out -- -std=c++17 -I%S/../../../runtime/include -Xclang -verify %}

#include <autotune/autotune.h>

template <int B> __host__ __device__ int work() { return B; }

__global__ void kernel(int *x) { x[threadIdx.x] = 1; }
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
int after_kernel = work<B>();

namespace device_code {
template <int N> __device__ void device_function(int *x) { x[0] = N; }

#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
int after_device_function = work<B>();
} // namespace device_code

void host_function(int *x) { x[0] = 1; }
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
int after_host_function = work<B>();

// In a class, between its members: no member's body holds the pragma.
struct Stepper {
  __device__ void step(int *x) { x[threadIdx.x] += 1; }
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
  int after_member = work<B>();
};

// Controls: a '}' that closes a block, or a lambda, inside a host function.
void launch(int *x) {
  if (x) {
    kernel<<<1, 1>>>(x);
  }
#pragma autotune space(B = {1, 2})
  x[0] = work<B>();
  auto on_device = [] __device__(int *y) { y[0] = 1; };
  (void)on_device;
  struct Local {
    void run(int *y) { y[0] = 2; }
  };
#pragma autotune space(B = {1, 2})
  x[1] = work<B>();
}
