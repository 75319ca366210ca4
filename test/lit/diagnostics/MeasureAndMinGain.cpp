// 'measure' takes 'time = seconds' (above 0, at most a day) and 'cold_l2',
// each once; 'min_gain' a fraction in [0, 1). Online tuning has no time
// limit and nothing to flush: measure(...) with mode(online) is an error at
// 'mode'. Each error drops the pragma with its statement.
// RUN: %clangxx %autotune -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
  // Positive controls: each setting alone, both, integers and floats.
#pragma autotune space(B = {1, 2}) measure(time = 0.2)
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(cold_l2)
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(cold_l2, time = 2) min_gain(0.05)
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain(0) mode(online)
  work<B>(x);
}

void bad_measure(int *x) {
#pragma autotune space(B = {1, 2}) measure() // expected-error {{expected 'time = seconds' or 'cold_l2' in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(warm) // expected-error {{expected 'time = seconds' or 'cold_l2' in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(cold_l2 = 1) // expected-error {{expected 'time = seconds' or 'cold_l2' in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time 0.2) // expected-error {{expected 'time = seconds' or 'cold_l2' in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 0) // expected-error {{expected a number of seconds above 0, at most 86400, after 'time =' in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = -1) // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 1e9) // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 1e999) // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = "1s") // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = ) // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
}

void duplicates(int *x) {
#pragma autotune space(B = {1, 2}) measure(cold_l2, cold_l2) // expected-error {{'cold_l2' given twice in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 1, time = 2) // expected-error {{'time' given twice in 'measure'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 1) measure(cold_l2) // expected-error {{duplicate 'measure' clause}} expected-note {{previous 'measure' clause is here}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain(0.1) min_gain(0.2) // expected-error {{duplicate 'min_gain' clause}} expected-note {{previous 'min_gain' clause is here}}
  work<B>(x);
}

void bad_min_gain(int *x) {
#pragma autotune space(B = {1, 2}) min_gain(1) // expected-error {{expected a fraction from 0 to below 1 in 'min_gain' (0.05: a point must be more than 5% faster than the default point to replace it)}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain(5%) // expected-error {{expected a fraction from 0 to below 1 in 'min_gain'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain(-0.1) // expected-error {{expected a fraction from 0 to below 1 in 'min_gain'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain() // expected-error {{expected a fraction from 0 to below 1 in 'min_gain'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) min_gain(gain) // expected-error {{expected a fraction from 0 to below 1 in 'min_gain'}}
  work<B>(x);
}

void online_with_measure(int *x) {
#pragma autotune space(B = {1, 2}) mode(online) measure(cold_l2) // expected-error {{'mode(online)' cannot be combined with 'measure': online runs are the program's own calls, timed as they come, and online tuning runs one point per call; drop one of the two clauses}}
  work<B>(x);
}

// A user-defined or imaginary literal is no number the plugin can check:
// its value would be the operator's, or not real.
unsigned long long operator""_x(unsigned long long V) { return V; }
long double operator""_y(long double V) { return V; }
void literals(int *x, int n) {
#pragma autotune space(B = {1, 2}) min_gain(0_x) // expected-error {{expected a fraction from 0 to below 1 in 'min_gain'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) measure(time = 2i) // expected-error {{expected a number of seconds above 0}}
  work<B>(x);
#pragma autotune space(B = {1, 2}) verify(x[n], rtol = 1e-3_y) // expected-error {{expected a number >= 0 after 'rtol ='}}
  work<B>(x);
}
