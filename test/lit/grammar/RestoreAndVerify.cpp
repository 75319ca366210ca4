// 'restore' and 'verify' name buffers as 'pointer[count]': each becomes an
// autotune::Buffer made by restoreArgument / verifyArgument from the
// pointer, the count in elements and the clause's spelling, whose types the
// site asserts at the user's expressions (ClauseExpressionType.cpp); 'rtol ='
// (or 'tol =') and 'atol =' set verify's bounds, and without them the
// runtime's defaults hold.
// RUN: %clangxx %autotune -E -P %s | %FileCheck %s
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=- %s \
// RUN:   | sed -e 's,// [A-Z][A-Z-]*:.*,,' | %FileCheck %s --check-prefix=SRC

#include <autotune/autotune.h>

template <int A> void work(float *x, int *y, int n) { x[0] = y[0] = A + n; }

void restore_only(float *x, int n) {
#pragma autotune space(A = {1, 2}) restore(x[n])
  work<A>(x, nullptr, n);
  // CHECK-LABEL: void restore_only(float *x, int n) {
  // CHECK: const auto __autotune_restore0 = ::autotune::restoreArgument(x,{{ ?}}n, "x[n]"); static_assert(decltype(__autotune_restore0)::IsPointer, "autotune: in restore(p[n]), p must be a pointer to the elements or an array"); static_assert(decltype(__autotune_restore0)::IsWritable, "autotune: a restore(...) buffer must be writable"); static_assert(decltype(__autotune_restore0)::CountIsInteger, "autotune: in restore(p[n]), n must be an integer");
  // CHECK-SAME: const ::autotune::Buffer __autotune_restore[] = {__autotune_restore0.Value};
  // CHECK-SAME: __autotune_args.Restore = __autotune_restore; __autotune_args.RestoreCount = 1;
  // CHECK-NOT: __autotune_verify
  // CHECK-NOT: Tolerance
  // CHECK: __autotune_site.run(
  // SRC-LABEL: void restore_only(float *x, int n) {
  // SRC: const auto __autotune_restore0 = ::autotune::restoreArgument(x, n, "x[n]");
  // SRC-SAME: const ::autotune::Buffer __autotune_restore[] = {__autotune_restore0.Value};
  // SRC-SAME: __autotune_args.Restore = __autotune_restore; __autotune_args.RestoreCount = 1;
  // SRC-NOT: __autotune_verify
  // SRC: __autotune_site.run(
}

void verify_only(float *x, int n) {
#pragma autotune space(A = {1, 2}) verify(x[n])
  work<A>(x, nullptr, n);
  // The bounds are the runtime's defaults unless 'rtol =' or 'atol =' is
  // given.
  // CHECK-LABEL: void verify_only(float *x, int n) {
  // CHECK-NOT: __autotune_restore
  // CHECK: const auto __autotune_verify0 = ::autotune::verifyArgument(x,{{ ?}}n, "x[n]"); static_assert(decltype(__autotune_verify0)::IsPointer, "autotune: in verify(p[n]), p must be a pointer to the elements or an array"); static_assert(decltype(__autotune_verify0)::CountIsInteger, "autotune: in verify(p[n]), n must be an integer");
  // CHECK-SAME: const ::autotune::Buffer __autotune_verify[] = {__autotune_verify0.Value};
  // CHECK-SAME: __autotune_args.Verify = __autotune_verify; __autotune_args.VerifyCount = 1;
  // CHECK-NOT: __autotune_args.Tolerance
  // CHECK: __autotune_site.run(
}

void both_with_tolerance(float *x, int *y, int n, int m) {
#pragma autotune space(A = {1, 2}) restore(x[n], y[2 * m]) verify(x[n], y[m + 1], tol = 1e-3)
  work<A>(x, y, n);
  // CHECK-LABEL: void both_with_tolerance(float *x, int *y, int n, int m) {
  // CHECK: ::autotune::restoreArgument(x,{{ ?}}n, "x[n]");
  // CHECK-SAME: ::autotune::restoreArgument({{ ?}}y,{{ ?}}2 * m, "y[2 * m]");
  // CHECK-SAME: const ::autotune::Buffer __autotune_restore[] = {__autotune_restore0.Value, __autotune_restore1.Value};
  // CHECK-SAME: __autotune_args.RestoreCount = 2;
  // CHECK-SAME: ::autotune::verifyArgument(x,{{ ?}}n, "x[n]");
  // CHECK-SAME: ::autotune::verifyArgument({{ ?}}y,{{ ?}}m + 1, "y[m + 1]");
  // CHECK-SAME: const ::autotune::Buffer __autotune_verify[] = {__autotune_verify0.Value, __autotune_verify1.Value};
  // CHECK-SAME: __autotune_args.VerifyCount = 2;
  // CHECK-SAME: __autotune_args.RelTolerance = 1e-3;
  // CHECK-NOT: AbsTolerance
  // SRC-LABEL: void both_with_tolerance(float *x, int *y, int n, int m) {
  // SRC: ::autotune::restoreArgument(x, n, "x[n]");
  // SRC-SAME: ::autotune::restoreArgument(y, 2 * m, "y[2 * m]");
  // SRC-SAME: ::autotune::verifyArgument(x, n, "x[n]");
  // SRC-SAME: ::autotune::verifyArgument(y, m + 1, "y[m + 1]");
  // SRC-SAME: __autotune_args.RelTolerance = 1e-3;
}

void both_bounds(float *x, int n) {
#pragma autotune space(A = {1, 2}) verify(x[n], atol = 1e-6, rtol = 0)
  work<A>(x, nullptr, n);
  // CHECK-LABEL: void both_bounds(float *x, int n) {
  // CHECK: __autotune_args.VerifyCount = 1;
  // CHECK-SAME: __autotune_args.RelTolerance = 0; __autotune_args.AbsTolerance = 1e-6;
  // SRC-LABEL: void both_bounds(float *x, int n) {
  // SRC: __autotune_args.RelTolerance = 0; __autotune_args.AbsTolerance = 1e-6;
}

// The pointer may be an expression: a member, an offset, a cast.
struct Grid { float *Cells; int Count; };
void pointer_expressions(Grid &g, int *y, int n) {
#pragma autotune space(A = {1, 2}) restore(g.Cells[g.Count], (y + 1)[n - 1])
  work<A>(g.Cells, y, n);
  // CHECK-LABEL: void pointer_expressions(Grid &g, int *y, int n) {
  // CHECK: ::autotune::restoreArgument(g.Cells,{{ ?}}g.Count, "g.Cells[g.Count]");
  // CHECK-SAME: ::autotune::restoreArgument({{ ?}}(y + 1),{{ ?}}n - 1, "(y + 1)[n - 1]");
}
