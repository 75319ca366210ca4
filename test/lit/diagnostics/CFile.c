// A site in a C file is one error at the pragma, which says that the pragma
// needs C++17; the statement is dropped, so nothing follows from it (no
// undeclared parameter, no error in generated code).
// RUN: %clangxx %autotune -x c -std=c11 -fsyntax-only -Xclang -verify %s

void work(int *x, int b);

void tuned(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' needs C++17 or later, and this file is compiled as C (use -std=c++17)}}
  work(x, B);
#pragma autotune space(B = {1, 2}) key(x[0]) restore(x[4]) // expected-error {{'#pragma autotune' needs C++17 or later, and this file is compiled as C (use -std=c++17)}}
  work(x, B);
}
