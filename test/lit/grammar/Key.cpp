// 'key' values identify the problem; autotune::keyArgument holds each in
// 64 bits, in the order written, and the site asserts its type at the user's
// expression (static_assert: ClauseExpressionType.cpp); keyValues keeps the
// signedness of their types, before the site's description (which names
// that signedness). Integral and enum keys compile.
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
  // CHECK: }; struct __autotune_here {}; const auto __autotune_key0 = ::autotune::keyArgument(n); static_assert(decltype(__autotune_key0)::IsKey, "autotune: a key(...) value must be of integral or enum type"); static_assert(decltype(__autotune_key0)::Fits, "autotune: a key(...) value must fit in 64 bits{{[^"]*}}"); const auto __autotune_key = ::autotune::keyValues(__autotune_key0); static constexpr ::autotune::SiteInfo
  // CHECK-SAME: __PRETTY_FUNCTION__, &::autotune::detail::siteContext<__autotune_here>, decltype(__autotune_key)::Unsigned};
  // CHECK: __autotune_args.Key = __autotune_key.Values; __autotune_args.KeyCount = 1;
  // SRC-LABEL: void one_key(int *x, int n) {
  // SRC: }; struct __autotune_here {}; const auto __autotune_key0 = ::autotune::keyArgument(n); static_assert(decltype(__autotune_key0)::IsKey, "autotune: a key(...) value must be of integral or enum type"); static_assert(decltype(__autotune_key0)::Fits, "autotune: a key(...) value must fit in 64 bits{{[^"]*}}"); const auto __autotune_key = ::autotune::keyValues(__autotune_key0); static constexpr ::autotune::SiteInfo
  // SRC: __autotune_args.Key = __autotune_key.Values; __autotune_args.KeyCount = 1;
}

enum class Layout { RowMajor, ColumnMajor };
enum Plain { Small, Large };

void several_keys(int *x, std::size_t rows, unsigned char cols, Layout l, Plain p) {
#pragma autotune space(A = {1, 2}) key(rows, cols * 2, l, p)
  work<A>(x);
  // CHECK-LABEL: void several_keys(
  // CHECK: const auto __autotune_key0 = ::autotune::keyArgument(rows);
  // CHECK-SAME: const auto __autotune_key1 = ::autotune::keyArgument({{ ?}}cols * 2);
  // CHECK-SAME: const auto __autotune_key2 = ::autotune::keyArgument({{ ?}}l);
  // CHECK-SAME: const auto __autotune_key3 = ::autotune::keyArgument({{ ?}}p);
  // CHECK-SAME: const auto __autotune_key = ::autotune::keyValues(__autotune_key0, __autotune_key1, __autotune_key2, __autotune_key3);
  // CHECK: __autotune_args.KeyCount = 4;
  // SRC-LABEL: void several_keys(
  // SRC: const auto __autotune_key0 = ::autotune::keyArgument(rows);
  // SRC-SAME: const auto __autotune_key1 = ::autotune::keyArgument(cols * 2);
  // SRC-SAME: const auto __autotune_key2 = ::autotune::keyArgument(l);
  // SRC-SAME: const auto __autotune_key3 = ::autotune::keyArgument(p);
  // SRC-SAME: const auto __autotune_key = ::autotune::keyValues(__autotune_key0, __autotune_key1, __autotune_key2, __autotune_key3);
  // SRC: __autotune_args.KeyCount = 4;
}

// A key may be any expression, calls included, with commas inside parentheses.
int shape(int a, int b);
void call_key(int *x, int n, int m) {
#pragma autotune space(A = {1, 2}) key(shape(n, m), n)
  work<A>(x);
  // CHECK-LABEL: void call_key(int *x, int n, int m) {
  // CHECK: ::autotune::keyArgument(shape(n, m));
  // CHECK-SAME: ::autotune::keyArgument({{ ?}}n);
  // CHECK-SAME: ::autotune::keyValues(__autotune_key0, __autotune_key1);
  // CHECK: __autotune_args.KeyCount = 2;
}
