// '_Pragma' inside the clauses of '#pragma autotune' (written there or from a
// macro) leaves a token with no text: an error at it, and the site's
// statement is dropped with no follow-on errors.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

#define PACKED _Pragma("pack(1)")

void in_key(int *x) {
#pragma autotune space(B = {1, 2}) key(_Pragma("unroll") x) // expected-error {{another pragma cannot be used inside '#pragma autotune'}}
  work<B>(x);
}

void in_value_list_from_macro(int *x) {
#pragma autotune space(B = {1, PACKED 2}) // expected-error {{another pragma cannot be used inside '#pragma autotune'}}
  work<B>(x);
}

void in_buffer(int *x) {
#pragma autotune space(B = {1, 2}) restore(x[PACKED 3]) // expected-error {{another pragma cannot be used inside '#pragma autotune'}}
  work<B>(x);
#pragma pack()
}
