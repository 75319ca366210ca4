// '>>' and nested template brackets inside the launch configuration and the
// kernel arguments: the '>>>' that closes the configuration is found by
// nesting, and the user's tokens are kept exactly.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B> __global__ void k(int x) {}
template <int N> struct g { static constexpr int value = N; };
template <class G> constexpr int f(int n) { return n / G::value + 1; }

void run(int n, int x) {
#pragma autotune space(B = {64, 128})
  k<B><<<f<g<1>>(n), dim3(B >> 1)>>>(x >> 2);
  // Two configuration arguments: no stream.
  // CHECK-LABEL: void run(int n, int x) {
  // CHECK: "k<B><<<f<g<1>>(n), dim3(B >> 1)>>>(x >> 2);"
  // CHECK-SAME: ::autotune::Form::Launch
  // CHECK-NEXT: {{^}}  k<B><<<f<g<1>>(n), dim3(B >> 1)>>>(x >> 2); };
  // CHECK-NOT: __autotune_args.Stream
  // CHECK-SAME: ::autotune::variants<::autotune::Point<64>, ::autotune::Point<128>>
  // SRC-LABEL: void run(int n, int x) {
  // SRC-NEXT: {{^}}{ static constexpr
  // SRC-NEXT: {{^}}  k<B><<<f<g<1>>(n), dim3(B >> 1)>>>(x >> 2); };
}

// The same with a stream, where '>>' ends a template argument list of the
// stream expression's neighbour.
template <class T> struct Streams { static cudaStream_t at(int) { return nullptr; } };
void run_on_stream(int n, int x) {
#pragma autotune space(B = {256})
  k<B><<<f<g<2>>(n), B >> 1, 0, Streams<g<3>>::at(n >> 1)>>>(x);
  // CHECK-LABEL: void run_on_stream(int n, int x) {
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}Streams<g<3>>::at(n >> 1));
  // SRC-LABEL: void run_on_stream(int n, int x) {
  // SRC: __autotune_args.Stream = ::autotune::streamHandle(Streams<g<3>>::at(n >> 1));
}
// PTX-DAG: .entry _Z1kILi64EEvi(
// PTX-DAG: .entry _Z1kILi128EEvi(
// PTX-DAG: .entry _Z1kILi256EEvi(
