// A rejected statement with a braced body ('if (c) { ... }', 'switch',
// 'try') ends at its closing '}': the code after it is the function's own
// and compiles (here: its errors are reported) as usual.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s
// FIXME: fails today. The statement is read up to the next ';' at depth 0,
// past the '}' of the body (AutotunePragma.cpp, readStatement), so:
//  - the statement after it is swallowed and silently dropped with it (its
//    own errors vanish; a declaration in it disappears);
//  - a following '#pragma autotune' is reported as "cannot apply to another
//    '#pragma autotune'";
//  - at the end of a block, the error is "expected ';' to end the
//    statement" plus "use of undeclared identifier 'B'".

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
