// A pragma on the last line of the file has no statement: one error, then
// Clang's own complaint about the unclosed function, and nothing else.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s
// FIXME: fails today. The handler puts the 'eof' token it read back into the
// token stream (AutotunePragma.cpp, HandlePragma -> reinject), and the lexer
// then runs past the end of the file: clang crashes (SIGSEGV in
// Lexer::LexTokenInternal, "current parser token 'pragma'"). With other
// content before the pragma it may instead re-lex the pragma line as code
// ("use of undeclared identifier 'pragma'"). This file reproduces the crash
// as it is: no #include, the pragma last.

// CHECK: :[[@LINE+6]]:35: error: expected a statement after '#pragma autotune'
// CHECK-NEXT: :[[@LINE+5]]:35: error: expected '}'
// CHECK-NEXT: :[[@LINE+1]]:27: note: to match this '{'
void last_in_file(int *x) { // expected-note {{to match this '{'}}
// expected-error@+2 {{expected a statement after '#pragma autotune'}}
// expected-error@+1 {{expected '}'}}
#pragma autotune space(B = {1, 2})
