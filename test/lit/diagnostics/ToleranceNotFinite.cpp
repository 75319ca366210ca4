// A tolerance too large for a double is infinite and would accept any output:
// it is an error at the literal, for rtol, tol and atol alike.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>
#include <cstddef>

template <int B> void work(float *x);

void infinite_tolerance(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) verify(x[n], tol = 1e999) // expected-error {{'tol = 1e999' is not a finite tolerance: it would accept any output}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = 0x1p2000) // expected-error {{'rtol = 0x1p2000' is not a finite tolerance}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = 1e400) // expected-error {{'atol = 1e400' is not a finite tolerance}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], atol = -1e400) // expected-error {{'atol = -1e400' is not a finite tolerance}}
  work<B>(x);
}

void largest_finite_tolerance(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], tol = 1e308, atol = 1e308)
  work<B>(x);
}
