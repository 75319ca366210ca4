// A space parameter named like a template parameter of a template around the
// site (the function's, or its class's) cannot be declared again in the
// statement: an error at the parameter, with a note at the template's, from
// the plugin and from autotune-rewrite alike (which tells template
// parameters from the tokens). One of another template does not count.
// REQUIRES: rewrite-tool
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: %autotune-rewrite %s -o %t.out -- -std=c++17 -I%S/../../../runtime/include -Xclang -verify

#include <autotune/autotune.h>

template <int B> void work(int *x);

template <int N = 256, typename T = float> void function_template(T *x) { // expected-note {{'N' declared here}}
#pragma autotune space(N = {1, 2}) // expected-error {{parameter 'N' has the name of a template parameter, which the tuned statement cannot redeclare; rename the parameter}}
  work<N>((int *)x);
}
template void function_template<3, int>(int *);

template <typename T, int ROWS = 4> struct Matrix { // expected-note {{'ROWS' declared here}}
  void run(int *x) {
#pragma autotune space(ROWS = {1, 2}) // expected-error {{parameter 'ROWS' has the name of a template parameter}}
    work<ROWS>(x);
  }
};
template struct Matrix<int>;

template <int K> struct Other {};

void not_a_template(int *x) {
#pragma autotune space(K = {1, 2}, N = {3}) key()
  work<K + N>(x);
}
