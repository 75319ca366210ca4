// A '#pragma autotune' with no statement after it, at the end of a block, is
// an error at the '}' where the statement was expected, and the code around
// it still compiles.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }

void at_end_of_block(int *x) {
  work<1>(x);
#pragma autotune space(B = {1, 2})
} // expected-error {{expected a statement after '#pragma autotune'}}

void at_end_of_nested_block(int *x) {
  if (x) {
#pragma autotune space(B = {1, 2})
  } // expected-error {{expected a statement after '#pragma autotune'}}
  work<2>(x);
}

