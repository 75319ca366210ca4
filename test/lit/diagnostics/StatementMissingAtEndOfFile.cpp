// A pragma on the last line of the file has no statement: one error at the
// end of the pragma line, then Clang's own complaint about the unclosed
// function, and nothing else. The file has no #include and ends with the
// pragma; the same at namespace scope after other code is in
// StatementMissingAtEndOfFileNamespaceScope.cpp.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 \
// RUN:   | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=note:

// CHECK: :[[@LINE+6]]:35: error: expected a statement after '#pragma autotune'
// CHECK-NEXT: :[[@LINE+5]]:35: error: expected '}'
// CHECK-NEXT: :[[@LINE+1]]:27: note: to match this '{'
void last_in_file(int *x) { // expected-note {{to match this '{'}}
// expected-error@+2 {{expected a statement after '#pragma autotune'}}
// expected-error@+1 {{expected '}'}}
#pragma autotune space(B = {1, 2})
