// Values are integer constant expressions that the plugin evaluates itself
// (literals, arithmetic, parentheses, macros): a name of the program, even a
// template parameter, is an error at that name.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B, int C = 0> void work(int *x);

#define TILE 32
void valid(int *x) {
#pragma autotune space(B = {1, 2 + 1, (4 * 2) << 1, -TILE, 0x40, 1 ? 2 : 4})
  work<B>(x);
#pragma autotune space(B = range(0, TILE, TILE / 4), C = pow2(1, 2 * TILE))
  work<B, C>(x);
}

void runtime_variable(int *x, int n) {
#pragma autotune space(B = {1, n}) // expected-error {{'n' cannot be used in 'space': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
#pragma autotune space(B = {1, 2 * n + 1}) // expected-error {{'n' cannot be used in 'space': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
}

void in_range_and_pow2(int *x, int n) {
#pragma autotune space(B = range(0, n)) // expected-error {{'n' cannot be used in 'range': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
#pragma autotune space(B = pow2(n, 64)) // expected-error {{'n' cannot be used in 'pow2': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
}

void in_configs_and_default(int *x, int n) {
#pragma autotune configs({B = 1}, {B = n}) // expected-error {{'n' cannot be used in 'configs': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) default(B = n) // expected-error {{'n' cannot be used in 'default': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
}

constexpr int Tile = 64;
void constexpr_variable(int *x) {
  // The plugin reads the pragma before semantic analysis, so a C++ constant
  // has no value for it; the message says what may be used instead.
#pragma autotune space(B = {Tile}) // expected-error {{'Tile' cannot be used in 'space': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B>(x);
}

void not_an_integer(int *x) {
#pragma autotune space(B = {1.5}) // expected-error {{expected an integer literal in 'space'}}
  work<B>(x);
#pragma autotune space(B = {1, 99999999999999999999}) // expected-error {{integer literal in 'space' is too large for a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {"4"}) // expected-error {{expected an integer constant expression in 'space'}}
  work<B>(x);
#pragma autotune space(B = {sizeof(int)}) // expected-error {{expected an integer constant expression in 'space'}}
  work<B>(x);
}

void bad_arithmetic(int *x) {
#pragma autotune space(B = {1, 4 / (2 - 2)}) // expected-error {{division by zero in 'space'}}
  work<B>(x);
  // The unbalanced '(' swallows the clause's own ')'.
#pragma autotune space(B = {1, (2 + 3}) // expected-error {{expected ')' to close 'space'}}
  work<B>(x);
#pragma autotune space(B = {1 2}) // expected-error {{unexpected '2' in 'space'}}
  work<B>(x);
}

#define BAD n
#define LIST {1, BAD}
void from_a_macro(int *x, int n) {
  // Reported on the line that uses the macro.
#pragma autotune space(B = {1, BAD}) // expected-error {{'n' cannot be used in 'space'}}
  work<B>(x);
#pragma autotune space(B = LIST) // expected-error {{'n' cannot be used in 'space'}}
  work<B>(x);
}

template <int X> void template_parameter(int *x) {
  // A template parameter has no value while the pragma is read.
#pragma autotune space(B = {1, X}) // expected-error {{'X' cannot be used in 'space': the plugin evaluates values itself, so they may use only literals, macros and operators}}
  work<B, X>(x);
}
template void template_parameter<4>(int *);
