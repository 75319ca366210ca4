// 'default' must name one point of the space, after 'where': every parameter,
// once, with a value the space holds. Errors are at 'default' (the point as
// a whole) or at the parameter name that is wrong.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
#pragma autotune space(B = {1, 2}, C = {3, 4}) default(B = 2, C = 3)
  work<B, C>(x);
  // Any order of the parameters, any constant expression for the values.
#pragma autotune space(B = pow2(32, 256), C = {3, 4}) default(C = 2 + 2, B = 1 << 7)
  work<B, C>(x);
#pragma autotune configs({B = 1, C = 3}, {B = 2, C = 4}) default(B = 2, C = 4)
  work<B, C>(x);
}

void value_not_listed(int *x) {
#pragma autotune space(B = {1, 2}) default(B = 3) // expected-error {{'default' point (B = 3) is not in the space}}
  work<B>(x);
#pragma autotune space(B = range(0, 8, 2)) default(B = 8) // expected-error {{'default' point (B = 8) is not in the space}}
  work<B>(x);
}

void point_removed_by_where(int *x) {
  // (B = 4, C = 4) is in the product but 'where' removes it.
#pragma autotune space(B = {1, 4}, C = {1, 4}) where(B * C < 16) default(B = 4, C = 4) // expected-error {{'default' point (B = 4, C = 4) is not in the space}}
  work<B, C>(x);
}

void combination_not_in_configs(int *x) {
  // Each value appears in some point, but not this combination.
#pragma autotune configs({B = 1, C = 3}, {B = 2, C = 4}) default(B = 1, C = 4) // expected-error {{'default' point (B = 1, C = 4) is not in the space}}
  work<B, C>(x);
}

void unknown_parameter(int *x) {
#pragma autotune space(B = {1, 2}) default(B = 1, D = 1) // expected-error {{'default' names 'D', which is not a parameter of the space}}
  work<B>(x);
}

void missing_parameter(int *x) {
#pragma autotune space(B = {1, 2}, C = {3}) default(B = 1) // expected-error {{'default' gives no value for parameter 'C'}}
  work<B, C>(x);
}

void malformed(int *x) {
#pragma autotune space(B = {1, 2}) default() // expected-error {{expected a parameter name (an identifier) in 'default'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) default(B) // expected-error {{expected '=' after parameter name 'B' in 'default'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) default(B = {1}) // expected-error {{expected an integer constant expression in 'default'}}
  work<B>(x);
}

void on_a_continuation_line(int *x) {
#pragma autotune space(B = {1, 2}) \
                 default(B = 3) // expected-error {{'default' point (B = 3) is not in the space}}
  work<B>(x);
}

#define DEFAULT_TILE 48
void from_a_macro(int *x) {
#pragma autotune space(B = {32, 64}) default(B = DEFAULT_TILE) // expected-error {{'default' point (B = 48) is not in the space}}
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
#pragma autotune space(B = {1, 2}) default(B = 3) // expected-error {{'default' point (B = 3) is not in the space}}
  work<B, X>(x);
}
template void in_a_template<1>(int *);
template void in_a_template<2>(int *);
