// A pragma at namespace scope as the last line of the file, after complete
// code: it is outside a function body (though right after one's '}'), and
// its statement is missing, at the end of the pragma line; the code before it
// is untouched and nothing of the pragma line is read as code.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 \
// RUN:   | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

#include <autotune/autotune.h>

template <int B> void work(int *x);

void complete(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}

// CHECK: StatementMissingAtEndOfFileNamespaceScope.cpp:[[@LINE+4]]:9: error: '#pragma autotune' must be inside a function body
// CHECK: StatementMissingAtEndOfFileNamespaceScope.cpp:[[@LINE+3]]:35: error: expected a statement after '#pragma autotune'
// expected-error@+2 {{'#pragma autotune' must be inside a function body}}
// expected-error@+1 {{expected a statement after '#pragma autotune'}}
#pragma autotune space(B = {1, 2})
