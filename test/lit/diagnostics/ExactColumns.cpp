// The column of each error is that of the offending token ('-verify' checks
// lines only). Everything the compiler says is checked, in order.
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 \
// RUN:   | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
#pragma autotune space(B = {1, 2}, C = range(0, 4)) where(B < C) default(B = 1, C = 2)
  work<B, C>(x);
}

void columns(int *x, int n) {
#pragma autotune space(B = {1, 2}) spaec(C = {1})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:36: error: unknown clause 'spaec'
  work<B>(x);

#pragma autotune space(B = {1, 2}, C = {3}, B = {4})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:45: error: duplicate parameter 'B'
  // CHECK-NEXT: ExactColumns.cpp:[[@LINE-2]]:24: note: parameter 'B' first declared here
  work<B, C>(x);

#pragma autotune space(B = {1, 2}, C = {  })
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:43: error: empty value list for parameter 'C'
  work<B, C>(x);

#pragma autotune space(B = {1, 2 * n})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:36: error: 'n' cannot be used in 'space'
  work<B>(x);

#pragma autotune space(B = {1, 2}) default(B = 3)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:36: error: 'default' point (B = 3) is not in the space
  work<B>(x);

#pragma autotune space(B = {1, 2}) key(n) where(B > 2)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:43: error: 'where' removes every point of the space (2 points)
  work<B>(x);

#pragma autotune space(B = {1, 2}, 7 = {1})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:36: error: expected a parameter name (an identifier) in 'space'
  work<B>(x);

#pragma autotune key(n) budget(2)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:9: error: '#pragma autotune' needs a 'space' or a 'configs' clause
  work<1>(x);

#pragma autotune space(B = {1, 2}) budget(4) budget(2)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:46: error: duplicate 'budget' clause
  // CHECK-NEXT: ExactColumns.cpp:[[@LINE-2]]:36: note: previous 'budget' clause is here
  work<B>(x);

#pragma autotune space(B = {1, 2}) restore(x, x[n])
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:44: error: expected 'pointer[count]' in 'restore'
  work<B>(x);

  // An error on a continuation line is on that line, at the token.
#pragma autotune space(B = {1, 2}) \
                 where(B > 5)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:18: error: 'where' removes every point
  work<B>(x);
}

void statements(int *x, int n) {
#pragma autotune space(B = {1, 2})
    if (n) work<B>(x);
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:5: error: '#pragma autotune' applies to a single expression statement, not 'if'
  // CHECK-NEXT: ExactColumns.cpp:[[@LINE-3]]:9: note: '#pragma autotune' is here
#pragma autotune space(B = {1, 2})
}
// CHECK: ExactColumns.cpp:[[@LINE-1]]:1: error: expected a statement after '#pragma autotune'

#define VALUES {1, n}
void macros(int *x, int n) {
  // At the macro's use, with the macro's body in a note.
#pragma autotune space(B = {4}, C = VALUES)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:37: error: 'n' cannot be used in 'space'
  // CHECK-NEXT: ExactColumns.cpp:[[@LINE-5]]:20: note: expanded from macro 'VALUES'
  work<B, C>(x);
}

void arguments(int *x) {
  // At the argument that is wrong, not at 'range' or 'pow2' (column 28).
#pragma autotune space(B = range(0, 4, 0))
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:40: error: 'range' step must not be zero
  work<B>(x);

#pragma autotune space(B = pow2(0, 4))
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:33: error: 'pow2' lower bound must be positive, not 0
  work<B>(x);

  // A missing operand is reported where it was expected: at the ')' that
  // closes 'where', not at 'where' (column 36).
#pragma autotune space(B = {1, 2}) where(B >)
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:45: error: expected an integer constant expression in 'where'
  work<B>(x);
}

void known_imprecise_columns(int *x) {
  // FIXME: at the '}' (column 35), not at the empty element between the
  // commas (the second ',', column 32).
#pragma autotune space(B = {1, , 2})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:35: error: expected an integer constant expression in 'space'
  work<B>(x);
}

template <int X> void shadowing(int *x) {
#pragma autotune space(X = {1, 2})
  // CHECK: ExactColumns.cpp:[[@LINE-1]]:24: error: parameter 'X' has the name of a template parameter
  // CHECK-NEXT: ExactColumns.cpp:[[@LINE-3]]:15: note: 'X' declared here
  work<X>(x);
}
template void shadowing<1>(int *);
