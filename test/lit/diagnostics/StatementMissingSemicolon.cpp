// A statement that ends without its ';' (the block closes first) is one
// error at the '}', with a note at the pragma. The statement is dropped, so
// nothing more is said about its parameters, and the code after the block
// is the function's own.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}

void missing_semicolon(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  work<B>(x)
} // expected-error {{expected ';' to end the statement after '#pragma autotune'}}

void missing_semicolon_in_nested_block(int *x, int n) {
  if (n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
    work<B>(x)
  } // expected-error {{expected ';' to end the statement after '#pragma autotune'}}
  work<1>(x);
  after_the_block(x); // expected-error {{use of undeclared identifier 'after_the_block'}}
}

void next_statement_on_the_next_line(int *x) {
  // The statement runs to the next ';', so it takes in the next line, and
  // the missing ';' is Clang's own error, once.
#pragma autotune space(B = {1, 2})
  work<B>(x) // expected-error {{expected ';' after expression}}
  work<1>(x);
}
