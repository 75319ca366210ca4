// A space parameter named like a variable visible at the pragma (a function
// parameter, a local, a member, a global) hides it in the tuned statement
// only: a warning at the parameter, with a note at the hidden declaration.
// One named like a template parameter cannot be declared at all: an error,
// and the statement is dropped.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }

void hides_function_parameter(int *x, int B) { // expected-note {{'B' declared here}}
  // expected-warning@+1 {{parameter 'B' hides the function parameter of the same name: the tuned statement sees the parameter, code outside it still sees the function parameter; compute what depends on it inside the statement, or rename the parameter}}
#pragma autotune space(B = {1, 2})
  work<B>(x);
}

void hides_local(int *x) {
  int B = 3; // expected-note {{'B' declared here}}
  x[1] = B;
#pragma autotune space(B = {1, 2}) // expected-warning {{parameter 'B' hides the local variable of the same name}}
  work<B>(x);
}

void second_parameter_only(int *x, int C) { // expected-note {{'C' declared here}}
#pragma autotune space(B = {1, 2}, C = {3}) // expected-warning {{parameter 'C' hides the function parameter}}
  work<B + C>(x);
}

int G = 4; // expected-note {{'G' declared here}}
void hides_global(int *x) {
#pragma autotune space(G = {1, 2}) // expected-warning {{parameter 'G' hides the variable of the same name}}
  work<G>(x);
}

struct Tuner {
  int B = 0; // expected-note {{'B' declared here}}
  void run(int *x);
};
void Tuner::run(int *x) {
#pragma autotune space(B = {1, 2}) // expected-warning {{parameter 'B' hides the member of the same name}}
  work<B>(x);
}

struct InlineTuner {
  int rows = 0; // expected-note {{'rows' declared here}}
  void run(int *x) {
#pragma autotune space(rows = {1, 2}) // expected-warning {{parameter 'rows' hides the member of the same name}}
    work<rows>(x);
  }
  // A member declared below the function is not seen yet (a limitation).
  void later(int *x) {
#pragma autotune space(cols = {1, 2})
    work<cols>(x);
  }
  int cols = 0;
};

template <typename T> void in_a_template(T *x, int B) { // expected-note {{'B' declared here}}
#pragma autotune space(B = {1, 2}) // expected-warning {{parameter 'B' hides the function parameter}}
  work<B>(x);
}
template void in_a_template<int>(int *, int);

#define TUNE_B _Pragma("autotune space(B = {1, 2})")
void from_a_macro(int *x, int B) { // expected-note {{'B' declared here}}
  TUNE_B // expected-warning {{parameter 'B' hides the function parameter}}
  work<B>(x);
}

template <int B> void hides_template_parameter(int *x) { // expected-note {{'B' declared here}}
#pragma autotune space(B = {1, 2}) // expected-error {{parameter 'B' has the name of a template parameter, which the tuned statement cannot redeclare; rename the parameter}}
  work<B>(x);
}
template void hides_template_parameter<3>(int *);

template <typename T, int ROWS> struct Matrix { // expected-note {{'ROWS' declared here}}
  void run(T *x) {
#pragma autotune space(ROWS = {1, 2}) // expected-error {{parameter 'ROWS' has the name of a template parameter}}
    work<ROWS>(x);
  }
};
template struct Matrix<int, 4>;

// Negative cases: a variable out of scope, one declared after the pragma, a type or a function of that
// name, a name no declaration has.
void out_of_scope(int *x) {
  {
    int B = 3;
    x[0] = B;
  }
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
struct C {};
int D();
void type_and_function(int *x) {
#pragma autotune space(C = {1, 2}, D = {3})
  work<C + D>(x);
}
void declared_after(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
  int B = 3;
  x[1] = B;
}
void no_such_name(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
