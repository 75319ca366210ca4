// 'mode' takes 'online' or 'blocking'; online tuning cannot honour
// verify(...) or budget(n), which is an error at 'mode'. Each error drops
// the pragma with its statement.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x, int n) {
  // Positive controls: both modes, and online with restore(...) and key(...).
#pragma autotune space(B = {1, 2}) mode(online) restore(x[n]) key(n)
  work<B>(x);
#pragma autotune space(B = {1, 2}) mode(blocking) verify(x[n]) key(n) budget(1)
  work<B>(x);
}

void bad_value(int *x) {
#pragma autotune space(B = {1, 2}) mode(fast) // expected-error {{expected 'online' or 'blocking' in 'mode'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) mode() // expected-error {{expected 'online' or 'blocking' in 'mode'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) mode(online blocking) // expected-error {{expected 'online' or 'blocking' in 'mode'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) mode("online") // expected-error {{expected 'online' or 'blocking' in 'mode'}}
  work<B>(x);
}

void duplicate(int *x) {
#pragma autotune space(B = {1, 2}) mode(online) mode(blocking) // expected-error {{duplicate 'mode' clause}} expected-note {{previous 'mode' clause is here}}
  work<B>(x);
}

void online_with_verify(int *x, int n) {
#pragma autotune space(B = {1, 2}) mode(online) verify(x[n]) // expected-error {{'mode(online)' cannot be combined with 'verify': it compares every point's output with the default point's on one call, and online tuning runs one point per call; drop one of the two clauses}}
  work<B>(x);
  // In either order.
#pragma autotune space(B = {1, 2}) verify(x[n]) key(n) mode(online) // expected-error {{'mode(online)' cannot be combined with 'verify'}}
  work<B>(x);
}

void online_with_budget(int *x) {
#pragma autotune space(B = {1, 2}) budget(1) mode(online) // expected-error {{'mode(online)' cannot be combined with 'budget': it searches the space one measurement after another, and online tuning runs one point per call; drop one of the two clauses}}
  work<B>(x);
}
