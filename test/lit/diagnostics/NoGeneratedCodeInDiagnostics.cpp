// Whatever the user writes at a site, no diagnostic names the code the site
// becomes ('__autotune_*', '<scratch space>'): errors in it are shown at the
// user's token, and the sweep checks it for every clause that takes an
// expression, malformed, for statements with errors that depend on a
// parameter, and for pragmas in the middle of an expression, by both routes.
// The examples of issue 28 are below, with their exact messages.
// REQUIRES: rewrite-tool
// RUN: %python %S/Inputs/sweep_malformed_sites.py --clangxx %clangxx --plugin-flags "%autotune" --rewrite %autotune-rewrite --include %S/../../../runtime/include --work %t
// RUN: %not %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=__autotune --implicit-check-not=scratch

#include <autotune/autotune.h>

struct S {};
template <int B> void work(int n);
#define PACK _Pragma("pack(1)")

void type_error(S n) {
#pragma autotune space(B = {1, 2})
  work<B>(n);
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-1]]:3: error: no matching function for call to 'work'
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-2]]:13: note: in instantiation of function template specialization
  // CHECK: note: candidate function template not viable: no known conversion from 'S' to 'int'
}

void assign_parameter(int n) {
#pragma autotune space(B = {1, 2})
  B = n;
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-1]]:5: error: cannot assign to variable 'B' with const-qualified type 'const int'
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-3]]:24: note: variable 'B' declared const here
}

void inside_an_expression(int n) {
  int y = n +
#pragma autotune space(B = {1, 2})
  work<B>(n);
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-2]]:9: error: '#pragma autotune' must start a statement; here it follows '+' in the middle of one
}

void pragma_macro_in_expression(int n) {
#pragma autotune space(B = {1, 2})
  work<B>(n + PACK 1);
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-1]]:15: error: another pragma cannot come between '#pragma autotune' and the end of its statement; move it before '#pragma autotune'
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-3]]:9: note: '#pragma autotune' is here
}

void verify_count(float *y, int n) {
#pragma autotune space(B = {1, 2}) key(n) verify(y[n n])
  work<B>(n);
  // CHECK: NoGeneratedCodeInDiagnostics.cpp:[[@LINE-2]]:54: error: expected ')'
}
