// Each clause takes a parenthesised argument of its own form; a malformed one
// is an error at the offending token, and the whole pragma is dropped.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>
#include <cstddef>

template <int B> void work(float *x, std::size_t n = 0);

void valid(float *x, float *y, std::size_t n, void *stream) {
#pragma autotune space(B = range(0, 8, 2)) where(B > 0) default(B = 4) key(n, n / 2) \
                 restore(x[n]) verify(y[n * 2], x[(n)], rtol = 1e-5, atol = 0) \
                 stream(stream) budget(2) name("valid.site")
  work<B>(x, n);
}

void missing_parentheses(float *x, std::size_t n) {
#pragma autotune space // expected-error {{expected '(' after 'space'}}
  work<B>(x);
#pragma autotune space(B = {1}) where B > 1 // expected-error {{expected '(' after 'where'}}
  work<B>(x);
#pragma autotune space(B = {1}, C = {2} // expected-error {{expected ')' to close 'space'}}
  work<B>(x);
#pragma autotune space(B = {1}) key(n // expected-error {{expected ')' to close 'key'}}
  work<B>(x);
#pragma autotune space(B = {1}) key(n]) // expected-error {{expected ')' to close 'key'}}
  work<B>(x);
}

void duplicate_clause(float *x, std::size_t n) {
  // Only 'where' may be repeated.
#pragma autotune space(B = {1}) space(B = {2}) // expected-error {{duplicate 'space' clause}} expected-note {{previous 'space' clause is here}}
  work<B>(x);
  // expected-note@+1 {{previous 'key' clause is here}}
#pragma autotune space(B = {1}) key(n) \
                 key(n) // expected-error {{duplicate 'key' clause}}
  work<B>(x);
#pragma autotune space(B = {1}) name("a") name("b") // expected-error {{duplicate 'name' clause}} expected-note {{previous 'name' clause is here}}
  work<B>(x);
#pragma autotune space(B = {1}) default(B = 1) default(B = 1) // expected-error {{duplicate 'default' clause}} expected-note {{previous 'default' clause is here}}
  work<B>(x);
}

void range_arguments(float *x) {
#pragma autotune space(B = range(4)) // expected-error {{'range' takes 2 or 3 arguments (start, stop[, step]), not 1}}
  work<B>(x);
#pragma autotune space(B = range(0, 4, 1, 1)) // expected-error {{'range' takes 2 or 3 arguments (start, stop[, step]), not 4}}
  work<B>(x);
#pragma autotune space(B = range(0, 4, 0)) // expected-error {{'range' step must not be zero}}
  work<B>(x);
#pragma autotune space(B = range(0, 4) // expected-error {{expected ')' to close 'space'}}
  work<B>(x);
#pragma autotune space(B = range(0, )) // expected-error {{expected an integer constant expression in 'range'}}
  work<B>(x);
}

void pow2_arguments(float *x) {
#pragma autotune space(B = pow2(8)) // expected-error {{'pow2' takes 2 arguments (lo, hi), not 1}}
  work<B>(x);
#pragma autotune space(B = pow2(0, 8)) // expected-error {{'pow2' lower bound must be positive, not 0}}
  work<B>(x);
#pragma autotune space(B = pow2(-4, 8)) // expected-error {{'pow2' lower bound must be positive, not -4}}
  work<B>(x);
  // Not a power of two itself: lo, 2lo, ... (3, 6, 12) is accepted.
#pragma autotune space(B = pow2(3, 12))
  work<B>(x);
}

void duplicate_values(float *x) {
  // A warning: the value is used once.
#pragma autotune space(B = {1, 2, 1}) // expected-warning {{duplicate value 1 for parameter 'B' ignored}}
  work<B>(x);
}

void too_many_points(float *x) {
#pragma autotune space(B = range(0, 100), C = range(0, 100)) // expected-error {{the space has 10000 points; at most 4096 can be compiled (narrow it with 'where' or list points with 'configs')}}
  work<B + C>(x);
  // 'where' brings it under the limit.
#pragma autotune space(B = range(0, 100), C = range(0, 100)) where(B * C == 36)
  work<B + C>(x);
}

void budget(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) budget(0) // expected-error {{'budget' must be a positive integer, not 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) budget(-1) // expected-error {{'budget' must be a positive integer, not -1}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) budget(n) // expected-error {{'n' cannot be used in 'budget': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) budget() // expected-error {{expected an integer constant expression in 'budget'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) budget(1, 2) // expected-error {{unexpected ',' in 'budget'}}
  work<B>(x);
}

void name(float *x) {
#pragma autotune space(B = {1, 2}) name(site) // expected-error {{expected a string literal in 'name'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) name() // expected-error {{expected a string literal in 'name'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) name("") // expected-error {{'name' must not be empty}}
  work<B>(x);
  // Adjacent string literals are one string, as in C++.
#pragma autotune space(B = {1, 2}) name("a" "b")
  work<B>(x);
}

// verify's tolerances (rtol, atol, tol) have their own test:
// ToleranceIsAFiniteNumberAtLeastZero.cpp.
void tolerance_is_no_buffer(float *x, std::size_t n) {
  // 'rtol' is a 'verify' option; in 'restore' it is not a buffer.
#pragma autotune space(B = {1, 2}) restore(x[n], rtol = 1e-5) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
  // A tolerance is no use without a buffer.
#pragma autotune space(B = {1, 2}) verify(tol = 1e-5) // expected-error {{expected 'pointer[count]' in 'verify'}}
  work<B>(x);
}

void buffers_need_a_count(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) restore(x) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x) // expected-error {{expected 'pointer[count]' in 'verify'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore(x[]) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore([n]) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore() // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], x) // expected-error {{expected 'pointer[count]' in 'verify'}}
  work<B>(x);
}

void empty_expressions(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) key(n, ) // expected-error {{expected an expression in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) stream() // expected-error {{expected an expression in 'stream'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) where() // expected-error {{expected an expression in 'where'}}
  work<B>(x);
}

#define COUNT_LESS(p) restore(p)
#define ZERO 0
void from_a_macro(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) COUNT_LESS(x) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) budget(ZERO) // expected-error {{'budget' must be a positive integer, not 0}}
  work<B>(x);
#pragma autotune space(B = pow2(ZERO, 8)) // expected-error {{'pow2' lower bound must be positive, not 0}}
  work<B>(x);
}

template <int X> void in_a_template(float *x, std::size_t n) {
#pragma autotune space(B = {1, 2}) budget(X) // expected-error {{'X' cannot be used in 'budget': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B + X>(x);
#pragma autotune space(B = {1, 2}) restore(x) // expected-error {{expected 'pointer[count]' in 'restore'}}
  work<B + X>(x);
}
template void in_a_template<1>(float *, std::size_t);
