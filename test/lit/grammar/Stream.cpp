// 'stream' on a statement that is not a '<<<...>>>' launch makes it a
// Stream-form site: timed with CUDA events on that stream, through the CUDA
// backend; the site asserts the stream's type at the user's expression
// (ClauseExpressionType.cpp). Without 'stream' the same statement is a Host
// site.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

// Stands in for cudaStream_t, so that this test needs no CUDA header.
struct CUstream_st;
typedef CUstream_st *stream_t;

template <int A> void enqueue(float *x, stream_t s);

void on_stream(float *x, stream_t s) {
#pragma autotune space(A = {1, 2}) stream(s)
  enqueue<A>(x, s);
  // CHECK-LABEL: void on_stream(float *x, stream_t s) {
  // CHECK: ::autotune::Form::Stream, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // CHECK: const auto __autotune_stream = ::autotune::streamArgument(s); static_assert(decltype(__autotune_stream)::IsStream, "autotune: a stream must be a cudaStream_t, 0, nullptr or an object that converts to a cudaStream_t"); __autotune_args.Stream = __autotune_stream.Handle; switch (__autotune_site.decided(__autotune_args)) { case 0: __autotune_variant(::autotune::Point<1>{}); break; case 1: __autotune_variant(::autotune::Point<2>{}); break; default: __autotune_args.TimingBackend = ::autotune::cudaBackend(); __autotune_site.run(::autotune::variants<::autotune::Point<1>, ::autotune::Point<2>>(__autotune_variant), __autotune_args); } }
  // SRC-LABEL: void on_stream(float *x, stream_t s) {
  // SRC: ::autotune::Form::Stream, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // SRC: const auto __autotune_stream = ::autotune::streamArgument(s); static_assert(decltype(__autotune_stream)::IsStream, "autotune: a stream must be a cudaStream_t, 0, nullptr or an object that converts to a cudaStream_t"); __autotune_args.Stream = __autotune_stream.Handle; switch (__autotune_site.decided(__autotune_args)) { case 0: __autotune_variant(::autotune::Point<1>{}); break; case 1: __autotune_variant(::autotune::Point<2>{}); break; default: __autotune_args.TimingBackend = ::autotune::cudaBackend(); __autotune_site.run(::autotune::variants<::autotune::Point<1>, ::autotune::Point<2>>(__autotune_variant), __autotune_args); } }
}

// The stream is an expression, as written; 0 and nullptr are the default stream.
struct Queue { stream_t Streams[4]; };
void stream_expression(float *x, Queue &q, int i) {
#pragma autotune space(A = {1, 2}) stream(q.Streams[i & 3])
  enqueue<A>(x, q.Streams[i & 3]);
  // CHECK-LABEL: void stream_expression(float *x, Queue &q, int i) {
  // CHECK: const auto __autotune_stream = ::autotune::streamArgument(q.Streams[i & 3]);
  // CHECK-SAME: __autotune_args.Stream = __autotune_stream.Handle;
}
void default_stream(float *x) {
#pragma autotune space(A = {1, 2}) stream(nullptr)
  enqueue<A>(x, nullptr);
  // CHECK-LABEL: void default_stream(float *x) {
  // CHECK: const auto __autotune_stream = ::autotune::streamArgument(nullptr);
  // CHECK-SAME: __autotune_args.Stream = __autotune_stream.Handle;
}

void host_statement(float *x, stream_t s) {
#pragma autotune space(A = {1, 2})
  enqueue<A>(x, s);
  // CHECK-LABEL: void host_statement(float *x, stream_t s) {
  // CHECK: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // CHECK-NOT: __autotune_args.Stream
  // CHECK-NOT: cudaBackend
  // CHECK: __autotune_site.run(
  // SRC-LABEL: void host_statement(float *x, stream_t s) {
  // SRC: ::autotune::Form::Host, __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, {{[^,}]*}}};
  // SRC-NOT: cudaBackend
  // SRC: __autotune_site.run(
}
