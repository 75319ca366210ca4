// A parameter must have at least one value: an empty '{}' is reported at its
// '}', a 'range' or 'pow2' that yields nothing at 'range'/'pow2'.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
  // One value is enough; so is a range or pow2 with a single value.
#pragma autotune space(B = {4}, C = range(3, 4))
  work<B, C>(x);
#pragma autotune space(B = pow2(8, 8), C = range(4, 0, -4))
  work<B, C>(x);
}

void empty_braces(int *x) {
#pragma autotune space(B = {}) // expected-error {{empty value list for parameter 'B'}}
  work<B>(x);
}

void empty_second_parameter(int *x) {
#pragma autotune space(B = {1, 2}, C = { }) // expected-error {{empty value list for parameter 'C'}}
  work<B, C>(x);
}

void empty_range(int *x) {
#pragma autotune space(B = range(4, 0)) // expected-error {{'range(4, 0)' gives no values for parameter 'B'}}
  work<B>(x);
#pragma autotune space(B = range(3, 3)) // expected-error {{'range(3, 3)' gives no values for parameter 'B'}}
  work<B>(x);
  // A negative step counts down: the stop must be below the start.
#pragma autotune space(B = range(0, 8, -1)) // expected-error {{'range(0, 8, -1)' gives no values for parameter 'B'}}
  work<B>(x);
}

void empty_pow2(int *x) {
#pragma autotune space(B = pow2(16, 8)) // expected-error {{'pow2(16, 8)' gives no values for parameter 'B'}}
  work<B>(x);
}

void no_list_at_all(int *x) {
#pragma autotune space(B = ) // expected-error {{expected a value list for 'B': '{v1, v2, ...}', 'range(start, stop[, step])' or 'pow2(lo, hi)'}}
  work<B>(x);
  // A bare value is not a list.
#pragma autotune space(B = 4) // expected-error {{expected a value list for 'B'}}
  work<B>(x);
}

#define NONE {}
#define EMPTY_RANGE range(TOP, 0)
#define TOP 8
void from_a_macro(int *x) {
#pragma autotune space(B = NONE) // expected-error {{empty value list for parameter 'B'}}
  work<B>(x);
  // The message spells the expanded tokens.
#pragma autotune space(B = EMPTY_RANGE) // expected-error {{'range(8, 0)' gives no values for parameter 'B'}}
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
#pragma autotune space(B = {}) // expected-error {{empty value list for parameter 'B'}}
  work<B, X>(x);
}
template void in_a_template<1>(int *);
