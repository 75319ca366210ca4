// A compound statement after the pragma is not an expression statement: one
// error at its '{' with a note at the pragma, and the block is then read
// whole and dropped like any other rejected statement (no errors about the
// parameters in it); the statement after the block is the function's own.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
  {
#pragma autotune space(B = {1, 2})
    work<B>(x);
  }
}

void compound_statement(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  { // expected-error {{'#pragma autotune' applies to a single expression statement, not a compound statement}}
    work<B>(x);
    work<B * 2>(x);
  }
}

void one_line_block(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  { work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not a compound statement}}
}

void nested_blocks_then_more_code(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  { { work<B>(x); } work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not a compound statement}}
  after_the_block(x); // expected-error {{use of undeclared identifier 'after_the_block'}}
#pragma autotune space(C = {1, 2})
  work<C>(x);
}
