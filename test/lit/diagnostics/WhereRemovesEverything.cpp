// A 'where' clause, or several together, that keeps no point is an error at
// the first 'where', with the number of points before filtering. Names in
// 'where' must be parameters.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
  // Keeps one point of four: not an error.
#pragma autotune space(B = {1, 2}, C = {1, 2}) where(B * C == 4)
  work<B, C>(x);
#pragma autotune configs({B = 1}, {B = 2}) where(B != 1)
  work<B>(x);
}

void removes_every_point(int *x) {
#pragma autotune space(B = {1, 2}, C = {3, 4}) where(B * C > 100) // expected-error {{'where' removes every point of the space (4 points)}}
  work<B, C>(x);
#pragma autotune space(B = {1, 2}) where(0) // expected-error {{'where' removes every point of the space (2 points)}}
  work<B>(x);
}

void several_wheres(int *x) {
  // Each keeps some points; together they keep none.
  // FIXME: the error could point at the 'where' that removed the last point
  // (the second); it is at the first.
#pragma autotune space(B = {1, 2, 4}) where(B > 1) where(B < 2) // expected-error {{'where' removes every point of the space (3 points)}}
  work<B>(x);
}

void with_configs(int *x) {
#pragma autotune configs({B = 1, C = 1}, {B = 2, C = 2}) where(B != C) // expected-error {{'where' removes every point of the space (2 points)}}
  work<B, C>(x);
}

void on_a_continuation_line(int *x) {
#pragma autotune space(B = {1, 2}) \
                 where(B > 2) // expected-error {{'where' removes every point of the space (2 points)}}
  work<B>(x);
}

void not_a_parameter(int *x, int n) {
#pragma autotune space(B = {1, 2}) where(B < n) // expected-error {{'n' in 'where' is not a parameter of the space}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) where(C > 1) // expected-error {{'C' in 'where' is not a parameter of the space}}
  work<B>(x);
}

void bad_expression(int *x) {
#pragma autotune space(B = {1, 2}) where(B / (B - B)) // expected-error {{division by zero in 'where'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) where(B $ 1) // expected-error {{unexpected '$' in 'where'}}
  work<B>(x);
  // At the ')' where an operand is missing (the column: ExactColumns.cpp).
#pragma autotune space(B = {1, 2}) where(B >) // expected-error {{expected an integer constant expression in 'where'}}
  work<B>(x);
}

#define LIMIT 0
#define FITS(b) ((b) < LIMIT)
void from_a_macro(int *x) {
#pragma autotune space(B = {1, 2}) where(FITS(B)) // expected-error {{'where' removes every point of the space (2 points)}}
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
  // 'where' sees only the parameters, not the template's: X is an error.
#pragma autotune space(B = {1, 2}) where(B > X) // expected-error {{'X' in 'where' is not a parameter of the space}}
  work<B, X>(x);
#pragma autotune space(B = {1, 2}) where(B > 2) // expected-error {{'where' removes every point of the space (2 points)}}
  work<B, X>(x);
}
template void in_a_template<1>(int *);
template void in_a_template<2>(int *);
