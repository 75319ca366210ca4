// Clang's own diagnostics about the user's tokens in the statement point at
// the user's line once, not once per variant (design.md, section 2): the
// statement is parsed once, and warnings issued again by each variant's
// instantiation are reported once. (This test reads the output as a user
// does; VerifySeesWhatUsersSee.cpp checks that '-verify' sees the same.)
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:

#include <autotune/autotune.h>

template <int B> int work(int *x, int n = 0);

void errors_once(int *x) {
#pragma autotune space(B = {1, 2, 4})
  work<B>(x, undeclared_value);
  // CHECK: UserDiagnosticsOnce.cpp:[[@LINE-1]]:14: error: use of undeclared identifier 'undeclared_value'
}

void warnings_once(int *x, int n) {
#pragma autotune space(B = {1, 2, 4})
  work<B>(x, n + (n = 1));
  // CHECK: UserDiagnosticsOnce.cpp:[[@LINE-1]]:21: warning: '=' in the tuned statement is evaluated once per run
  // CHECK: UserDiagnosticsOnce.cpp:[[@LINE-2]]:21: warning: unsequenced modification and access to 'n'
}

void only_some_points(int *x) {
  // Only B = 2 divides by zero: reported once, for that point.
#pragma autotune space(B = {1, 2, 4})
  work<B>(x, 1 / (B - 2));
  // CHECK: UserDiagnosticsOnce.cpp:[[@LINE-1]]:16: warning: division by zero is undefined
}
