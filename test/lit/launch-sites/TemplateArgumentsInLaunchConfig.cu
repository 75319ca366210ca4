// Bug: the launch configuration is split and closed without regard to
// template argument lists. A comma inside '<...>' is taken for a separator
// of configuration arguments, and a '>>>' that closes three template
// argument lists is taken for the end of the configuration. Clang accepts
// all of these launches without the pragma (the 'plain' function compiles).
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s

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

// Three configuration arguments (grid, block, shared memory): today the site
// times on a "stream" made of the shared-memory size.
void shared_memory(int n, int x, unsigned smem) {
#pragma autotune space(B = {64, 128})
  k<B><<<grid<B, 1>(n), B, smem>>>(x);
  // CHECK-LABEL: void shared_memory(int n, int x, unsigned smem) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NOT: __autotune_args.Stream
  // CHECK: __autotune_args.TimingBackend
}

// Four configuration arguments: today "a launch takes 2 to 4 configuration
// arguments, not 5".
void on_stream(int n, int x, cudaStream_t s) {
#pragma autotune space(B = {64, 128})
  k<B><<<grid<B, 1>(n), B, 0, s>>>(x);
  // CHECK-LABEL: void on_stream(int n, int x, cudaStream_t s) {
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}s);
}

// '>>>' closing template arguments: today "a launch takes 2 to 4
// configuration arguments, not 1".
void triple_close(int n, int x) {
#pragma autotune space(B = {64, 128})
  k<B><<<f<g<h<1>>>(n), B>>>(x);
  // CHECK-LABEL: void triple_close(int n, int x) {
  // CHECK: ::autotune::Form::Launch
  // CHECK: ::autotune::variants<::autotune::Point<64>, ::autotune::Point<128>>
}
