// Under '-verify' the plugin's diagnostic consumers stand in front of
// -verify's, as in any compile, so a test checks what a user reads: a
// warning that every variant's instantiation repeats is expected once, a
// diagnostic in the generated code is expected at the user's token (here on
// a line of its own, where '-verify' can tell it from the pragma's), in the
// user's words, and the compile succeeds when everything expected was seen.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> int work(int *x, int n = 0);

void repeated_once(int *x, int n) {
#pragma autotune space(B = {1, 2, 4})
  // expected-warning@+2 {{'=' in the tuned statement is evaluated once per run}}
  // expected-warning@+1 {{unsequenced modification and access to 'n'}} expected-note@+1 {{in instantiation of function template specialization}}
  work<B>(x, n + (n = 1));
}

void parameter_declared_in_space(int n) {
  // expected-note@+3 {{variable 'B' declared const here}}
#pragma autotune key(n) \
                 name("declared") \
                 space(B = {1, 2})
  B = n; // expected-error {{cannot assign to variable 'B' with const-qualified type 'const int'}}
}

struct Shape {
  int Rows;
};

void wrong_key_type(int *x, Shape s) {
  // expected-error@+3 {{a key(...) value must be of integral or enum type}}
#pragma autotune space(B = {1, 2}) \
                 name("wrong_key") \
                 key(s)
  work<B>(x);
}
