// 'configs' lists points explicitly: each a '{P = v, ...}' naming the same
// parameters in the same order as the first, one constant each; it replaces
// 'space' and cannot be combined with it.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
#pragma autotune configs({B = 64, C = 1}, {B = 128, C = 2 * 2}) default(B = 128, C = 4)
  work<B, C>(x);
#pragma autotune configs({B = 1})
  work<B>(x);
}

void combined_with_space(int *x) {
#pragma autotune space(B = {1}) configs({B = 1}) // expected-error {{'configs' cannot be combined with 'space'; use one of them}}
  work<B>(x);
#pragma autotune configs({B = 1}) space(B = {1}) // expected-error {{'configs' cannot be combined with 'space'; use one of them}}
  work<B>(x);
}

void not_a_point(int *x) {
#pragma autotune configs(B = 1) // expected-error {{expected '{' to start a point in 'configs'}}
  work<B>(x);
#pragma autotune configs() // expected-error {{expected '{' to start a point in 'configs'}}
  work<B>(x);
#pragma autotune configs({B = 1}, ) // expected-error {{expected '{' to start a point in 'configs'}}
  work<B>(x);
#pragma autotune configs({B = 1}, B = 2) // expected-error {{expected '{' to start a point in 'configs'}}
  work<B>(x);
}

void empty_point(int *x) {
#pragma autotune configs({}) // expected-error {{expected a parameter name (an identifier) in 'configs'}}
  work<B>(x);
}

void different_parameters(int *x) {
#pragma autotune configs({B = 1, C = 2}, {B = 2}) // expected-error {{every point of 'configs' must name the same parameters as the first; expected 'B, C'}}
  work<B, C>(x);
#pragma autotune configs({B = 1, C = 2}, {B = 2, D = 3}) // expected-error {{every point of 'configs' must name the same parameters as the first; expected 'C'}}
  work<B, C>(x);
  // Same names, another order: also an error (at the first name that differs).
#pragma autotune configs({B = 1, C = 2}, {C = 2, B = 1}) // expected-error {{every point of 'configs' must name the same parameters as the first; expected 'B'}}
  work<B, C>(x);
}

void not_one_value(int *x, int n) {
#pragma autotune configs({B = {1, 2}}) // expected-error {{expected an integer constant expression in 'configs'}}
  work<B>(x);
#pragma autotune configs({B = n}) // expected-error {{'n' cannot be used in 'configs': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
#pragma autotune configs({B}) // expected-error {{expected '=' after parameter name 'B' in 'configs'}}
  work<B>(x);
  // FIXME: the message offers value lists, which 'configs' does not take.
#pragma autotune configs({B = }) // expected-error {{expected a value list for 'B'}}
  work<B>(x);
}

void duplicate_point(int *x) {
  // A warning: the repeated point is dropped, the site is still tuned.
#pragma autotune configs({B = 1}, {B = 2}, {B = 1}) // expected-warning {{duplicate point in 'configs' ignored}}
  work<B>(x);
}

#define POINT(b, c) {B = b, C = c}
#define HALF_POINT {B = 2}
void from_a_macro(int *x) {
#pragma autotune configs(POINT(1, 2), POINT(2, 4))
  work<B, C>(x);
#pragma autotune configs(POINT(1, 2), HALF_POINT) // expected-error {{every point of 'configs' must name the same parameters as the first; expected 'B, C'}}
  work<B, C>(x);
}

template <int X> void in_a_template(int *x) {
#pragma autotune configs({B = 1, C = 2}, {B = 2}) // expected-error {{every point of 'configs' must name the same parameters as the first; expected 'B, C'}}
  work<B, C + X>(x);
}
template void in_a_template<1>(int *);
