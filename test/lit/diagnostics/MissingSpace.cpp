// A pragma needs the points to tune over: a 'space' or a 'configs' clause.
// Without one, the error is at 'autotune' and the statement is dropped.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x, int n) {
#pragma autotune space(B = {1, 2}) key(n)
  work<B>(x);
#pragma autotune configs({B = 1}, {B = 2}) key(n)
  work<B>(x);
  // The space may come after the other clauses.
#pragma autotune where(B > 1) key(n) space(B = {1, 2})
  work<B>(x);
}

void empty_pragma(int *x) {
#pragma autotune // expected-error {{'#pragma autotune' needs a 'space' or a 'configs' clause}}
  work<1>(x);
}

void only_other_clauses(int *x, int n) {
#pragma autotune where(B > 1) key(n) default(B = 2) // expected-error {{'#pragma autotune' needs a 'space' or a 'configs' clause}}
  work<B>(x);
}

void on_continuation_lines(int *x, int n) {
  // Reported at the pragma, not at the last line.
  // expected-error@+1 {{'#pragma autotune' needs a 'space' or a 'configs' clause}}
#pragma autotune key(n) \
                 budget(4) \
                 name("site")
  work<B>(x);
}

#define NOTHING
#define KEY(v) key(v)
void from_macros(int *x, int n) {
#pragma autotune NOTHING // expected-error {{needs a 'space' or a 'configs' clause}}
  work<1>(x);
#pragma autotune KEY(n) // expected-error {{needs a 'space' or a 'configs' clause}}
  work<B>(x);
}

template <int X> void in_a_template(int *x, int n) {
#pragma autotune key(n) // expected-error {{needs a 'space' or a 'configs' clause}}
  work<B * X>(x);
}
template void in_a_template<3>(int *, int);
