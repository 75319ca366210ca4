// Several sites in one function, one after the other: each is its own block
// with its own site object, name (the second site of kernel first is
// "file:first#2"), points and kernels; the names of the
// generated variables do not collide.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only -Wshadow %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B> __global__ void first(float *x) { x[threadIdx.x] = B; }
template <int T, int U> __global__ void second(float *x) { x[threadIdx.x] = T * U; }

void pipeline(float *x, cudaStream_t s) {
#pragma autotune space(B = {32, 64})
  first<B><<<1, B, 0, s>>>(x);
#pragma autotune space(T = {1, 2}, U = {8})
  second<T, U><<<1, 32, 0, s>>>(x);
  first<16><<<1, 16, 0, s>>>(x);
#pragma autotune space(B = {128})
  first<B><<<1, B>>>(x);
}
// CHECK-LABEL: void pipeline(float *x, cudaStream_t s) {
// CHECK-NEXT: {"SeveralSitesInOneFunction.cu:first"
// CHECK-NEXT: {{^}}  first<B><<<1, B, 0, s>>>(x); };
// CHECK-SAME: ::autotune::variants<::autotune::Point<32>, ::autotune::Point<64>>
// CHECK-NEXT: {"SeveralSitesInOneFunction.cu:second"
// CHECK-NEXT: {{^}}  second<T, U><<<1, 32, 0, s>>>(x); };
// CHECK-SAME: ::autotune::variants<::autotune::Point<1, 8>, ::autotune::Point<2, 8>>
// CHECK-NEXT: {{^}} first<16><<<1, 16, 0, s>>>(x);
// CHECK-NEXT: {"SeveralSitesInOneFunction.cu:first#2"
// CHECK-NEXT: {{^}}  first<B><<<1, B>>>(x); };
// CHECK-SAME: ::autotune::variants<::autotune::Point<128>>

// The source form keeps each statement on its line.
// SRC-LABEL: void pipeline(float *x, cudaStream_t s) {
// SRC-NEXT: {"SeveralSitesInOneFunction.cu:first"
// SRC-NEXT: {{^}}  first<B><<<1, B, 0, s>>>(x); };
// SRC-NEXT: {"SeveralSitesInOneFunction.cu:second"
// SRC-NEXT: {{^}}  second<T, U><<<1, 32, 0, s>>>(x); };
// SRC-NEXT: {{^}}  first<16><<<1, 16, 0, s>>>(x);
// SRC-NEXT: {"SeveralSitesInOneFunction.cu:first#2"
// SRC-NEXT: {{^}}  first<B><<<1, B>>>(x); };
// SRC-NEXT: {{^}}}

// PTX-DAG: .entry _Z5firstILi32EEvPf(
// PTX-DAG: .entry _Z5firstILi64EEvPf(
// PTX-DAG: .entry _Z6secondILi1ELi8EEvPf(
// PTX-DAG: .entry _Z6secondILi2ELi8EEvPf(
// PTX-DAG: .entry _Z5firstILi16EEvPf(
// PTX-DAG: .entry _Z5firstILi128EEvPf(
