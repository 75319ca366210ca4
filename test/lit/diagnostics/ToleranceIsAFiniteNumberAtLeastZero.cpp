// verify(...)'s bounds, 'rtol = X' (also spelt 'tol = X') and 'atol = X', are
// each a number >= 0, given once; anything else is an error at the value (or,
// for a repeat, at the second name), and the pragma is dropped. Both bounds
// 0 ask for an exact match; infinite bounds: ToleranceNotFinite.cpp.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>
#include <cstddef>

template <int B> void work(float *x);

void valid_bounds(float *x, float *y, std::size_t n) {
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], rtol = 1e-4, atol = 1e-6)
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], atol = 1e-6, y[n], tol = 1e-4)
  work<B>(x);
  // Both zero: an exact match; an integer literal is a number too.
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], rtol = 0, atol = 0.0)
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], atol = 1, tol = 0x1p-20)
  work<B>(x);
  // A buffer may be named like a bound: 'atol[n]' is a buffer.
  float *atol = x;
#pragma autotune space(B = {1, 2}) key(n) verify(atol[n], rtol = 1e-3)
  work<B>(x);
}

void negative(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = -1e-5) // expected-error {{'rtol = -1e-5' is negative: a tolerance is a number >= 0 (0 asks for an exact match)}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = -1) // expected-error {{'atol = -1' is negative}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], tol = -0.5) // expected-error {{'tol = -0.5' is negative}}
  work<B>(x);
}

void not_a_number(float *x, std::size_t n, double eps) {
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = eps) // expected-error {{expected a number >= 0 after 'rtol =', such as 1e-5}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = 1e-5 * 2) // expected-error {{expected a number >= 0 after 'atol ='}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = "1e-5") // expected-error {{expected a number >= 0 after 'atol ='}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], tol) // expected-error {{expected a number >= 0 after 'tol ='}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol =) // expected-error {{expected a number >= 0 after 'atol ='}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], rtol 1e-5) // expected-error {{expected a number >= 0 after 'rtol ='}}
  work<B>(x);
}

void given_twice(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = 1e-5, rtol = 1e-3) // expected-error {{duplicate 'rtol' in 'verify'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = 1e-5, atol = 0) // expected-error {{duplicate 'atol' in 'verify'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], tol = 1e-5, tol = 1e-3) // expected-error {{duplicate 'tol' in 'verify'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], tol = 1e-5, rtol = 1e-3) // expected-error {{'rtol' and 'tol' both give the relative tolerance in 'verify' ('tol' is another name for 'rtol'); keep one}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = 1e-5, tol = 1e-3) // expected-error {{'tol' and 'rtol' both give the relative tolerance}}
  work<B>(x);
}
