// A parameter name must be a plain identifier: it becomes a constant in the
// statement. Numbers, keywords, strings and qualified names are errors at
// the name; a missing '=' after a good name is an error at what follows it.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
#pragma autotune space(BLOCK_SIZE = {1, 2}, _tile2 = {3})
  work<BLOCK_SIZE * _tile2>(x);
}

void number(int *x) {
#pragma autotune space(1 = {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
}

void keyword(int *x) {
#pragma autotune space(int = {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
#pragma autotune space(B = {1}, for = {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
}

void string(int *x) {
#pragma autotune space("B" = {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
}

void missing_name(int *x) {
#pragma autotune space(= {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
#pragma autotune space() // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
  // A trailing comma leaves an empty item.
#pragma autotune space(B = {1, 2},) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<B>(x);
}

void not_a_single_name(int *x) {
#pragma autotune space(ns::B = {1, 2}) // expected-error {{expected '=' after parameter name 'ns' in 'space'}}
  work<1>(x);
#pragma autotune space(B.x = {1, 2}) // expected-error {{expected '=' after parameter name 'B' in 'space'}}
  work<1>(x);
#pragma autotune space(B {1, 2}) // expected-error {{expected '=' after parameter name 'B' in 'space'}}
  work<1>(x);
}

void in_configs_and_default(int *x) {
#pragma autotune configs({1 = 1}) // expected-error {{expected a parameter name (an identifier) in 'configs'}}
  work<1>(x);
#pragma autotune configs({B = 1}, {2 = 2}) // expected-error {{expected a parameter name (an identifier) in 'configs'}}
  work<1>(x);
#pragma autotune space(B = {1, 2}) default(1 = 1) // expected-error {{expected a parameter name (an identifier) in 'default'}}
  work<B>(x);
}

#define NUMBER 7
#define NAME B
void from_a_macro(int *x) {
#pragma autotune space(NUMBER = {1, 2}) // expected-error {{expected a parameter name (an identifier) in 'space'}}
  work<1>(x);
  // A macro that expands to an identifier is that identifier.
#pragma autotune space(NAME = {1, 2})
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
#pragma autotune space(X + 1 = {1, 2}) // expected-error {{expected '=' after parameter name 'X' in 'space'}}
  work<X>(x);
}
template void in_a_template<1>(int *);

template <int X> void shadows_template_parameter(int *x) { // expected-note {{'X' declared here}}
  // An identifier that names a template parameter cannot be declared in the
  // statement (HiddenVariable.cpp has the other cases).
#pragma autotune space(X = {1, 2}) // expected-error {{parameter 'X' has the name of a template parameter}}
  work<X>(x);
}
template void shadows_template_parameter<1>(int *);
