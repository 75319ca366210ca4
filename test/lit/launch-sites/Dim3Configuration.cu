// dim3 expressions in the launch configuration: constructor calls whose
// commas are not configuration separators, and a dim3 variable.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int BX, int BY> __global__ void tile(float *x, int w, int h) {
  int i = blockIdx.x * BX + threadIdx.x, j = blockIdx.y * BY + threadIdx.y;
  if (i < w && j < h)
    x[j * w + i] = 0;
}

void clear(float *x, int w, int h, cudaStream_t s) {
  dim3 grid_of_one(1, 1, 1);
#pragma autotune space(BX = {16, 32}, BY = {4, 8})
  tile<BX, BY><<<dim3((w + BX - 1) / BX, (h + BY - 1) / BY), dim3(BX, BY, 1), 0, s>>>(x, w, h);
  // Four configuration arguments, however many commas: the stream is 's'.
  // CHECK-LABEL: void clear(float *x, int w, int h, cudaStream_t s) {
  // CHECK: ::autotune::Form::Launch
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}s);
  // CHECK-SAME: ::autotune::variants<::autotune::Point<16, 4>, ::autotune::Point<16, 8>, ::autotune::Point<32, 4>, ::autotune::Point<32, 8>>
  // SRC-LABEL: void clear(float *x, int w, int h, cudaStream_t s) {
  // SRC: {{^}}  tile<BX, BY><<<dim3((w + BX - 1) / BX, (h + BY - 1) / BY), dim3(BX, BY, 1), 0, s>>>(x, w, h); };
  // SRC-SAME: __autotune_args.Stream = ::autotune::streamHandle(s);

#pragma autotune space(BX = {16}, BY = {16})
  tile<BX, BY><<<grid_of_one, dim3{BX, BY}>>>(x, w, h);
  // CHECK: ::autotune::Form::Launch
  // CHECK-NOT: __autotune_args.Stream
  // CHECK: ::autotune::variants<::autotune::Point<16, 16>>
}
// PTX-DAG: .entry _Z4tileILi16ELi4EEvPfii(
// PTX-DAG: .entry _Z4tileILi16ELi8EEvPfii(
// PTX-DAG: .entry _Z4tileILi32ELi4EEvPfii(
// PTX-DAG: .entry _Z4tileILi32ELi8EEvPfii(
// PTX-DAG: .entry _Z4tileILi16ELi16EEvPfii(
