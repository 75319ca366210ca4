// Template argument lists inside the launch configuration: a comma inside
// '<...>' does not separate configuration arguments, and a '>>>' that closes
// three template argument lists does not end the configuration. Clang
// accepts all of these launches without the pragma (the 'plain' function).
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC
// RUN: %clangxx %autotune %cuda --cuda-device-only -S -o - %s | %FileCheck %s --check-prefix=PTX

#include <autotune/autotune.h>

template <int B> __global__ void k(int x) {}
template <int A, int C> constexpr int grid(int n) { return n / A + C; }
template <int N> struct h { static constexpr int value = N; };
template <class G> struct g { static constexpr int value = G::value; };
template <class G> constexpr int f(int n) { return n / G::value + 1; }

void plain(int n, int x, unsigned smem, cudaStream_t s) {
  k<64><<<grid<64, 1>(n), 64, smem>>>(x);
  k<64><<<grid<64, 1>(n), 64, 0, s>>>(x);
  k<64><<<f<g<h<1>>>(n), 64>>>(x);
}

// Three configuration arguments (grid, block, shared memory): no stream.
void shared_memory(int n, int x, unsigned smem) {
#pragma autotune space(B = {64, 128})
  k<B><<<grid<B, 1>(n), B, smem>>>(x);
  // CHECK-LABEL: void shared_memory(int n, int x, unsigned smem) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NEXT: {{^}}  k<B><<<grid<B, 1>(n), B, smem>>>(x); };
  // CHECK-NOT: __autotune_args.Stream
  // CHECK-SAME: __autotune_args.TimingBackend = ::autotune::cudaBackend();
  // SRC-LABEL: void shared_memory(int n, int x, unsigned smem) {
  // SRC: ::autotune::Form::Launch
  // SRC-NEXT: {{^}}  k<B><<<grid<B, 1>(n), B, smem>>>(x); };
  // SRC-NOT: __autotune_args.Stream
  // SRC-SAME: __autotune_args.TimingBackend = ::autotune::cudaBackend();
}

// Four configuration arguments: the fourth is the stream.
void on_stream(int n, int x, cudaStream_t s) {
#pragma autotune space(B = {64, 128})
  k<B><<<grid<B, 1>(n), B, 0, s>>>(x);
  // CHECK-LABEL: void on_stream(int n, int x, cudaStream_t s) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NEXT: {{^}}  k<B><<<grid<B, 1>(n), B, 0, s>>>(x); };
  // CHECK-SAME: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}s);
  // SRC-LABEL: void on_stream(int n, int x, cudaStream_t s) {
  // SRC: __autotune_args.Stream = ::autotune::streamHandle(s);
}

// '>>>' closing template arguments inside the first configuration argument.
void triple_close(int n, int x) {
#pragma autotune space(B = {64, 128})
  k<B><<<f<g<h<1>>>(n), B>>>(x);
  // CHECK-LABEL: void triple_close(int n, int x) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NEXT: {{^}}  k<B><<<f<g<h<1>>>(n), B>>>(x); };
  // CHECK-NOT: __autotune_args.Stream
  // CHECK-SAME: ::autotune::variants<::autotune::Point<64>, ::autotune::Point<128>>
  // SRC-LABEL: void triple_close(int n, int x) {
  // SRC: ::autotune::Form::Launch
  // SRC-NEXT: {{^}}  k<B><<<f<g<h<1>>>(n), B>>>(x); };
}
// PTX-DAG: .entry _Z1kILi64EEvi(
// PTX-DAG: .entry _Z1kILi128EEvi(
