// A rejected statement with a braced body ('if (c) { ... }', 'for', 'switch',
// 'do', 'try') is read whole, to the end of its body, and dropped: the code
// after it is the function's own and compiles (here: its errors are
// reported) as usual.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void if_with_braces(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  if (n) { work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not 'if'}}
  after_the_if(x); // expected-error {{use of undeclared identifier 'after_the_if'}}
}

void for_with_braces(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  for (int i = 0; i < n; ++i) { work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not 'for'}}
  int kept = n;
  (void)kept;
}

void switch_then_another_site(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  switch (n) { default: work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not 'switch'}}
  // A site of its own, not nested in the rejected one.
#pragma autotune space(C = {1, 2})
  work<C>(x);
}

void switch_at_end_of_block(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  switch (n) { default: work<B>(x); } // expected-error {{'#pragma autotune' applies to a single expression statement, not 'switch'}}
}

void try_block(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  try { work<B>(x); } catch (...) {} // expected-error {{'#pragma autotune' applies to a single expression statement, not 'try'}}
  after_the_try(x); // expected-error {{use of undeclared identifier 'after_the_try'}}
}

void do_while_with_braces(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  do { work<B>(x); } while (--n); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'do'}}
  after_the_do(x); // expected-error {{use of undeclared identifier 'after_the_do'}}
}

void if_with_else(int *x, int n) {
  // The plugin does not look for an 'else' after the body of an 'if': the
  // rejected statement ends with the body, and Clang then finds an 'else'
  // with no 'if' before it.
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  if (n) work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'if'}}
  else work<1>(x); // expected-error {{expected expression}}
  after_the_else(x); // expected-error {{use of undeclared identifier 'after_the_else'}}
}
