// The pragma applies to one expression statement (a call, a launch, an
// assignment). Any other statement is an error at its first token, with a
// note at the pragma; the statement is then dropped, so its use of the
// parameters causes no further errors.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);
template <int B> int value();

void valid(int *x, int &out) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
#pragma autotune space(B = {1, 2})
  out = value<B>();
#pragma autotune space(B = {1, 2})
  ::work<B>(x);
#pragma autotune space(B = {1, 2})
  (void)value<B>();
#pragma autotune space(B = {1, 2})
  x[0] = value<B>(), work<B>(x);
}

void control_flow(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  if (n) work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'if'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  for (int i = 0; i < n; ++i) work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'for'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  while (n--) work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'while'}}
}

void do_while(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  do work<B>(x); while (0); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'do'}}
}

void jumps(int *x, int n) {
  while (n--) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
    break; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'break'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
    continue; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'continue'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
    goto done; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'goto'}}
  }
done:
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  return; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'return'}}
}

int returns_a_value() {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  return value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'return'}}
  return 0;
}

template <class T> struct Box { T v; };
void declarations(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  int a = value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  auto b = value<B>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  const int c = B; // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  static int d = B; // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  Box<int> e{B}; // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  int *p = x, *q = x + B; // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  typedef int T; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'typedef'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  using U = int; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'using'}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  struct S { int s; }; // expected-error {{'#pragma autotune' applies to a single expression statement, not 'struct'}}
}

void empty_statement(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  ; // expected-error {{'#pragma autotune' applies to a single expression statement, not an empty statement}}
}

#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' must be inside a function body}}
int at_namespace_scope = 0;

#define DECLARE int declared = 0
#define LOOP for (;;)
void from_a_macro(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  DECLARE; // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  LOOP work<B>(x); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'for'}}
}

template <int X> int in_a_template(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  int a = value<B + X>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not a declaration}}
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
  return value<B * X>(); // expected-error {{'#pragma autotune' applies to a single expression statement, not 'return'}}
  return X;
}
template int in_a_template<1>(int *);
template int in_a_template<2>(int *);

// A compound statement, a statement with a braced body, and statements whose
// first token could start an expression (a label, 'static_assert', a
// declaration from 'decltype' or an attribute) are in
// NotExpressionStatementCompound.cpp, NotExpressionStatementBracedBody.cpp and
// NotExpressionStatementLookalikes.cpp.
