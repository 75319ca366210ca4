// 'key' values identify the problem; autotune::keyValue holds each in 64
// bits, in the order written, and keyValues keeps the signedness of their
// types, before the site's description (which names that signedness). Integral and enum keys
// compile.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

#include <cstddef>

template <int A> void work(int *x) { x[0] = A; }

void no_key(int *x) {
#pragma autotune space(A = {1, 2})
  work<A>(x);
  // CHECK-LABEL: void no_key(int *x) {
  // CHECK-NOT: __autotune_key
  // CHECK: __autotune_site.run(
  // SRC-LABEL: void no_key(int *x) {
  // SRC-NOT: __autotune_key
  // SRC: __autotune_site.run(
}

void one_key(int *x, int n) {
#pragma autotune space(A = {1, 2}) key(n)
  work<A>(x);
  // CHECK-LABEL: void one_key(int *x, int n) {
  // CHECK: }; struct __autotune_here {}; const auto __autotune_key = ::autotune::keyValues(::autotune::keyValue(n)); static constexpr ::autotune::SiteInfo
  // CHECK-SAME: __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, decltype(__autotune_key)::Unsigned};
  // CHECK: __autotune_args.Key = __autotune_key.Values; __autotune_args.KeyCount = 1;
  // SRC-LABEL: void one_key(int *x, int n) {
  // SRC: }; struct __autotune_here {}; const auto __autotune_key = ::autotune::keyValues(::autotune::keyValue(n)); static constexpr ::autotune::SiteInfo
  // SRC: __autotune_args.Key = __autotune_key.Values; __autotune_args.KeyCount = 1;
}

enum class Layout { RowMajor, ColumnMajor };
enum Plain { Small, Large };

void several_keys(int *x, std::size_t rows, unsigned char cols, Layout l, Plain p) {
#pragma autotune space(A = {1, 2}) key(rows, cols * 2, l, p)
  work<A>(x);
  // CHECK-LABEL: void several_keys(
  // CHECK: const auto __autotune_key = ::autotune::keyValues(::autotune::keyValue(rows), ::autotune::keyValue({{ ?}}cols * 2), ::autotune::keyValue({{ ?}}l), ::autotune::keyValue({{ ?}}p));
  // CHECK: __autotune_args.KeyCount = 4;
  // SRC-LABEL: void several_keys(
  // SRC: const auto __autotune_key = ::autotune::keyValues(::autotune::keyValue(rows), ::autotune::keyValue(cols * 2), ::autotune::keyValue(l), ::autotune::keyValue(p));
  // SRC: __autotune_args.KeyCount = 4;
}

// A key may be any expression, calls included, with commas inside parentheses.
int shape(int a, int b);
void call_key(int *x, int n, int m) {
#pragma autotune space(A = {1, 2}) key(shape(n, m), n)
  work<A>(x);
  // CHECK-LABEL: void call_key(int *x, int n, int m) {
  // CHECK: ::autotune::keyValues(::autotune::keyValue(shape(n, m)), ::autotune::keyValue({{ ?}}n));
  // CHECK: __autotune_args.KeyCount = 2;
}
