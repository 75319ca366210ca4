// A parameter declared twice is an error at the second name, with a note at
// the first; 'configs' points and 'default' follow the same rule.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

void valid(int *x) {
#pragma autotune space(B = {1, 2}, C = {1, 2}) default(B = 2, C = 1)
  work<B, C>(x);
#pragma autotune configs({B = 1, C = 2}, {B = 2, C = 1})
  work<B, C>(x);
}

void duplicate_parameter(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}, B = {4}) // expected-error {{duplicate parameter 'B'}}
  work<B>(x);
}

void same_values(int *x) {
  // Even with the same values: a typo for another parameter, most likely.
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}, C = {3}, B = {1, 2}) // expected-error {{duplicate parameter 'B'}}
  work<B, C>(x);
}

void across_lines(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}, \
                       C = {1},    \
                       B = {4}) // expected-error {{duplicate parameter 'B'}}
  work<B, C>(x);
}

void in_configs(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune configs({B = 1, B = 2}) // expected-error {{duplicate parameter 'B'}}
  work<B>(x);
}

void in_default(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}) default(B = 1, B = 2) // expected-error {{duplicate parameter 'B'}}
  work<B>(x);
}

#define PARAM B
void name_from_a_macro(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}, PARAM = {4}) // expected-error {{duplicate parameter 'B'}}
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
  // expected-note@+1 {{parameter 'B' first declared here}}
#pragma autotune space(B = {1, 2}, B = {4}) // expected-error {{duplicate parameter 'B'}}
  work<B, X>(x);
}
template void in_a_template<1>(int *);
template void in_a_template<2>(int *);
