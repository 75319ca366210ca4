// A pragma outside a function body is reported as such (where the parser has
// already left the previous declaration), and its statement is dropped.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> int work() { return B; }
int counter = 0;

#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
int value = work<B>();

// Control: the same pragma inside a function.
void inside(int *x) {
#pragma autotune space(B = {1, 2})
  x[0] = work<B>();
}
