// Statements that are harder to tell from an expression statement by their
// first token: a label, 'static_assert', and declarations that start with
// 'decltype' or an attribute. Each is rejected like the others and
// dropped, except a label, which stays for the gotos that use it; a rejected
// declaration's later uses are then undeclared.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> int value();

int label(int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  again: n = n - value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a labeled statement}}
  if (n > 0)
    goto again;
  return n;
}

void static_assertion() {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  static_assert(B > 0, "positive"); // expected-error {{'#pragma autotune' applies to a single expression statement, not a static assertion}}
}

int decltype_declaration() {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  decltype(0) w = value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
  return w; // expected-error {{use of undeclared identifier 'w'}}
}

int attributed_declaration() {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  [[maybe_unused]] int w = value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
  return w; // expected-error {{use of undeclared identifier 'w'}}
}
