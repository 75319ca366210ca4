// '#pragma autotune' from a macro on a clause line at the end of the file ran
// inside the outer one, which then read a freed lexer (autotune-rewrite:
// segmentation fault in Lexer::Lex; clang with the plugin: a use after free).
// Now an error at the macro, and one that no statement follows (a crash
// fails the RUN lines: %not counts it as a failure).
// REQUIRES: rewrite-tool
// RUN: %not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 | %FileCheck %s
// RUN: %not %autotune-rewrite %s -o %t.out -- -std=c++17 -fno-caret-diagnostics 2>&1 | %FileCheck %s

template <int B> void work(int *x);
#define INNER _Pragma("autotune space(C = {1, 2})")
void f(int *x) {
#pragma autotune space(B = {1, 2}) INNER
// CHECK: PragmaFromMacroAtEndOfFile.cpp:[[@LINE-1]]:36: error: another pragma cannot be used inside '#pragma autotune'
// CHECK: PragmaFromMacroAtEndOfFile.cpp:[[@LINE-2]]:41: error: expected a statement after '#pragma autotune'
