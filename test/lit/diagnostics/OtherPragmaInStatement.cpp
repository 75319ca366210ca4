// Another pragma between '#pragma autotune' and the end of its statement
// leaves a token that has no text and would apply to the generated code: it
// is an error at that pragma, with a note at the site, and the statement is
// dropped. The statement's form is judged past it: a loop is still a loop.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void pragma_operator(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  _Pragma("unroll") work<B>(x); // expected-error {{another pragma cannot come between '#pragma autotune' and the end of its statement; move it before '#pragma autotune'}}
}

void pragma_operator_in_arguments(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  work<B>(x _Pragma("pack(1)")); // expected-error {{another pragma cannot come between}}
}

#define UNROLLED _Pragma("unroll")
void pragma_operator_from_macro(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  UNROLLED work<B>(x); // expected-error {{another pragma cannot come between}}
}

void unroll_directive(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma unroll // expected-error {{another pragma cannot come between}}
  work<B>(x);
}

void clang_loop_directive(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma clang loop unroll(enable) // expected-error {{another pragma cannot come between}}
  work<B>(x);
}

void pack_directive(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma pack(1) // expected-error {{another pragma cannot come between}}
  work<B>(x);
#pragma pack()
}

void stdc_directive(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma STDC FP_CONTRACT ON // expected-error {{another pragma cannot come between}}
  work<B>(x);
}

void directive_inside_statement(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  work<B>(
#pragma pack(2) // expected-error {{another pragma cannot come between}}
      x);
#pragma pack()
}

// The loop under '#pragma unroll' is read whole, body and all, and rejected
// as a loop; the statement after it is not taken.
void unrolled_loop(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma unroll
  for (int i = 0; i < n; ++i) { // expected-error {{'#pragma autotune' applies to a single expression statement, not 'for'}}
    work<B>(x);
    work<B>(x);
  }
  undeclared_after_loop(); // expected-error {{use of undeclared identifier 'undeclared_after_loop'}}
}

void unrolled_while(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  _Pragma("clang loop unroll(disable)") while (n--) work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'while'}}
}

// Before the site, a pragma is the user's as ever.
void pragma_before_site(int *x) {
#pragma pack(1)
#pragma autotune space(B = {1, 2})
  work<B>(x);
#pragma pack()
}
