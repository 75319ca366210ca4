// A pragma that a macro on the clause line expands to ('_Pragma(...)', through
// any number of macros) runs while '#pragma autotune' reads its clauses: an
// error at the macro, by both routes, and the site's statement is dropped.
// '#pragma autotune' itself so produced used to run inside the outer one and
// read freed memory (PragmaFromMacroAtEndOfFile.cpp is the crash); pragmas
// that leave no token ('message') used to pass unnoticed.
// REQUIRES: rewrite-tool
// RUN: %not %clangxx %autotune -fsyntax-only -ferror-limit=0 %s 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=scratch --implicit-check-not=__autotune
// RUN: %not %autotune-rewrite %s -o %t.out -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning: --implicit-check-not=scratch --implicit-check-not=__autotune

#include <autotune/autotune.h>

template <int B> void work(int *x);

#define PRAGMA(x) _Pragma(#x)
#define AUTOTUNE_C PRAGMA(autotune space(C = {1, 2}))
#define AUTOTUNE_C_AGAIN AUTOTUNE_C
#define AUTOTUNE_DIRECT _Pragma("autotune space(C = {1, 2}) key(x)")
#define UNROLL PRAGMA(unroll)
#define PACK _Pragma("pack(1)")
#define MESSAGE _Pragma("message(\"from a macro\")")
#define BROKEN _Pragma("autotune space(")

void autotune_at_end_of_line(int *x) {
#pragma autotune space(B = {1, 2}) AUTOTUNE_C
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:36: error: another pragma cannot be used inside '#pragma autotune'
}

void autotune_before_clauses(int *x) {
#pragma autotune AUTOTUNE_DIRECT space(B = {1, 2})
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:18: error: another pragma cannot be used inside '#pragma autotune'
}

void autotune_through_three_macros(int *x) {
#pragma autotune space(B = {1, 2}) key(x) AUTOTUNE_C_AGAIN name("n")
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:43: error: another pragma cannot be used inside '#pragma autotune'
}

void autotune_in_an_argument(int *x) {
#pragma autotune space(B = {1, 2}) key(AUTOTUNE_C x)
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:40: error: another pragma cannot be used inside '#pragma autotune'
}

void malformed_autotune(int *x) {
#pragma autotune space(B = {1, BROKEN 2})
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:32: error: another pragma cannot be used inside '#pragma autotune'
}

void unroll(int *x) {
#pragma autotune space(B = {1, 2}) UNROLL
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:36: error: another pragma cannot be used inside '#pragma autotune'
}

void pack_in_a_value_list(int *x) {
#pragma autotune space(B = {1, PACK 2})
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:32: error: another pragma cannot be used inside '#pragma autotune'
#pragma pack()
}

void message_leaves_no_token(int *x) {
#pragma autotune space(B = {1, 2}) MESSAGE
  work<B>(x);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-2]]:36: warning: from a macro
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-3]]:36: error: another pragma cannot be used inside '#pragma autotune'
}

void autotune_in_the_statement(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x AUTOTUNE_C);
  // CHECK: PragmaFromMacroInClauses.cpp:[[@LINE-1]]:13: error: '#pragma autotune' cannot apply to another '#pragma autotune'
}

// The sites after still work.
void after(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
