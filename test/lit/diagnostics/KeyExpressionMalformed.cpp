// A malformed expression in 'key', 'restore', 'verify' or 'stream' is one
// error at the user's token in the pragma, not an error in the code the
// plugin generates followed by others. The plugin does not parse C++: it
// checks brackets, stray ';' and ',', and operators missing an operand.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>
#include <vector>

template <int B> void work(float *x);

void operand_missing(float *x, int n) {
#pragma autotune space(B = {1, 2}) key(n +) // expected-error {{expected an expression after '+' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n, n *) // expected-error {{expected an expression after '*' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(/ n) // expected-error {{unexpected '/' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n + (n -)) // expected-error {{expected an expression after '-' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore(x +[n]) // expected-error {{expected an expression after '+' in 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n *], tol = 1e-3) // expected-error {{expected an expression after '*' in 'verify'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(std::max(n, )) // expected-error {{expected an expression after ',' in 'key'}}
  work<B>(x);
}

void stray_separators(float *x, int n, void *s) {
#pragma autotune space(B = {1, 2}) key(n;) // expected-error {{unexpected ';' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) stream(s; s) // expected-error {{unexpected ';' in 'stream'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) stream(s, s) // expected-error {{unexpected ',' in 'stream'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore(x[n, n]) // expected-error {{unexpected ',' in 'restore'}}
  work<B>(x);
}

void brackets(float *x, int n) {
#pragma autotune space(B = {1, 2}) key((n]) // expected-error {{unexpected ']' in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) key({n) // expected-error {{expected ')' to close 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) restore(x[(n]) // expected-error {{expected ')' to close 'restore'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify((x[n]) // expected-error {{expected ')' to close 'verify'}}
  work<B>(x);
}

void empty(float *x, int n) {
#pragma autotune space(B = {1, 2}) key(n, , n) // expected-error {{expected an expression in 'key'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) stream() // expected-error {{expected an expression in 'stream'}}
  work<B>(x);
}

// Casts, lambdas, templates, braces and the conditional operator pass.
void well_formed(float *x, int n, void *s) {
#pragma autotune space(B = {1, 2}) key(sizeof(std::vector<int *>), (int)n, [&] { return n; }(), [=] { return 1; }(), n > 0 ? n : -n, std::vector<int>{1, 2}.size(), *&n) restore((float *)x[n], x[n > 0 ? n : 0]) stream((void *)s)
  work<B>(x);
}
