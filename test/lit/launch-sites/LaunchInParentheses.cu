// A launch inside parentheses or a cast is still a launch: timed with CUDA
// events on its stream, not with the host clock.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -E -P --cuda-host-only %s | %FileCheck %s

#include <autotune/autotune.h>

template <int B> __global__ void k(int *x) { x[threadIdx.x] = B; }

void cast_to_void(int *x, cudaStream_t s) {
#pragma autotune space(B = {32, 64})
  (void)(k<B><<<1, B, 0, s>>>(x));
  // CHECK-LABEL: void cast_to_void(int *x, cudaStream_t s) {
  // CHECK: ::autotune::Form::Launch
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}s);
  // CHECK-SAME: __autotune_args.TimingBackend = ::autotune::cudaBackend();
}
