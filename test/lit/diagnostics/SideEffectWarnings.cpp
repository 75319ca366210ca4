// The statement runs once per measured variant while tuning, so '++', '--'
// and assignments in it are warned about at the operator. A plain '=' at the
// top level (storing the result) is not: it stores the same value each run.
// Launch configurations and kernel arguments: SideEffectWarningsLaunch.cu.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> int work(int *x, int n = 0);

void valid(int *x, int n, int &out) {
#pragma autotune space(B = {1, 2})
  work<B>(x, n + 1);
#pragma autotune space(B = {1, 2})
  out = work<B>(x, n);
#pragma autotune space(B = {1, 2})
  x[n] = work<B>(x, n == 1 || n <= 2 || n >= 3 || n != 4);
}

void increments(int *x, int n) {
#pragma autotune space(B = {1, 2})
  work<B>(x, n++); // expected-warning {{'++' in the tuned statement is evaluated once per run: during tuning it runs once for every measured variant}}
#pragma autotune space(B = {1, 2})
  work<B>(x, --n); // expected-warning {{'--' in the tuned statement is evaluated once per run: during tuning it runs once for every measured variant}}
#pragma autotune space(B = {1, 2})
  work<B>(x++, n++); // expected-warning 2 {{'++' in the tuned statement}}
}

void compound_assignments(int *x, int n, int &sum) {
  // These accumulate: each measured run adds again.
#pragma autotune space(B = {1, 2})
  sum += work<B>(x); // expected-warning {{'+=' in the tuned statement}}
#pragma autotune space(B = {1, 2})
  sum <<= work<B>(x); // expected-warning {{'<<=' in the tuned statement}}
}

void nested_assignment(int *x, int n) {
#pragma autotune space(B = {1, 2})
  work<B>(x, n = 3); // expected-warning {{'=' in the tuned statement}}
  // FIXME: a parenthesised plain '=' stores the same value each run, like the
  // unparenthesised one above, but is warned about.
#pragma autotune space(B = {1, 2})
  (void)(x[0] = work<B>(x)); // expected-warning {{'=' in the tuned statement}}
}

void on_a_later_line(int *x, int n) {
#pragma autotune space(B = {1, 2})
  work<B>(x,
          n++); // expected-warning {{'++' in the tuned statement}}
}

#define NEXT(v) ((v)++)
void from_a_macro(int *x, int n) {
#pragma autotune space(B = {1, 2})
  work<B>(x, NEXT(n)); // expected-warning {{'++' in the tuned statement}}
}

template <int X> void in_a_template(int *x, int n) {
  // Warned once, where it is written, not once per instantiation.
#pragma autotune space(B = {1, 2})
  work<B + X>(x, n++); // expected-warning {{'++' in the tuned statement}}
}
template void in_a_template<1>(int *, int);
template void in_a_template<2>(int *, int);

void rejected_statement_is_not_warned_about(int *x, int n) {
#pragma autotune space(B = {}) // expected-error {{empty value list for parameter 'B'}}
  work<B>(x, n++);
}
