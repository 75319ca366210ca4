// A pragma at namespace scope as the last line of the file, after complete
// code: one error at the end of the pragma line; the code before it is
// untouched and nothing of the pragma line is read as code.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 \
// RUN:   | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

#include <autotune/autotune.h>

template <int B> void work(int *x);

void complete(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}

// CHECK: StatementMissingAtEndOfFileNamespaceScope.cpp:[[@LINE+2]]:35: error: expected a statement after '#pragma autotune'
// expected-error@+1 {{expected a statement after '#pragma autotune'}}
#pragma autotune space(B = {1, 2})
