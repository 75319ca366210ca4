// A launch takes 2, 3 or 4 configuration arguments; only the fourth is a
// stream, and only then does the site time on that stream. Without it the
// runtime uses the default stream (CallArgs::Stream stays null).
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int B> __global__ void k(int *x) {
  extern __shared__ int tile[];
  tile[threadIdx.x] = x[threadIdx.x];
  x[threadIdx.x] = tile[B - 1 - threadIdx.x];
}

void grid_block(int *x) {
#pragma autotune space(B = {32, 64})
  k<B><<<1, B>>>(x);
  // CHECK-LABEL: void grid_block(int *x) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NOT: __autotune_args.Stream
  // CHECK: __autotune_args.TimingBackend = ::autotune::cudaBackend();
  // SRC-LABEL: void grid_block(int *x) {
  // SRC: ::autotune::Form::Launch
  // SRC-NOT: __autotune_args.Stream
  // SRC: __autotune_args.TimingBackend = ::autotune::cudaBackend();
}

void shared_memory(int *x, unsigned smem) {
#pragma autotune space(B = {32, 64})
  k<B><<<1, B, smem>>>(x);
  // CHECK-LABEL: void shared_memory(int *x, unsigned smem) {
  // CHECK: ::autotune::Form::Launch
  // CHECK-NOT: __autotune_args.Stream
  // CHECK: __autotune_args.TimingBackend = ::autotune::cudaBackend();
  // SRC-LABEL: void shared_memory(int *x, unsigned smem) {
  // SRC: ::autotune::Form::Launch
  // SRC-NOT: __autotune_args.Stream
  // SRC: __autotune_args.TimingBackend = ::autotune::cudaBackend();
}

void on_stream(int *x, unsigned smem, cudaStream_t s) {
#pragma autotune space(B = {32, 64})
  k<B><<<1, B, smem, s>>>(x);
  // CHECK-LABEL: void on_stream(int *x, unsigned smem, cudaStream_t s) {
  // CHECK: ::autotune::Form::Launch
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}s);
  // CHECK-SAME: __autotune_args.TimingBackend = ::autotune::cudaBackend();
  // SRC-LABEL: void on_stream(int *x, unsigned smem, cudaStream_t s) {
  // SRC: ::autotune::Form::Launch
  // SRC: __autotune_args.Stream = ::autotune::streamHandle(s);
  // SRC-SAME: __autotune_args.TimingBackend = ::autotune::cudaBackend();
}

// The stream may be any expression; it is passed on as written.
struct Queue { cudaStream_t Streams[2]; };
void on_stream_expression(int *x, Queue &q, int i) {
#pragma autotune space(B = {32, 64})
  k<B><<<1, B, 0, q.Streams[i % 2]>>>(x);
  // CHECK-LABEL: void on_stream_expression(int *x, Queue &q, int i) {
  // CHECK: __autotune_args.Stream = ::autotune::streamHandle({{ ?}}q.Streams[i % 2]);
  // SRC-LABEL: void on_stream_expression(int *x, Queue &q, int i) {
  // SRC: __autotune_args.Stream = ::autotune::streamHandle(q.Streams[i % 2]);
}
