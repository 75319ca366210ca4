// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// Two sites that share a name are two sites: the second is tuned as
// 'name#2', with a warning at its name and a note at the first.

#include <autotune/autotune.h>
template <int B> void work(int *x);

void repeated(int *x, int *y) {
#pragma autotune space(B = {1, 2}) name("gemm") // expected-note {{site 'gemm' is named here first}}
  work<B>(x);
  // expected-warning@+1 {{site name 'gemm' is already used in this translation unit; this site is tuned separately as 'gemm#2'}}
#pragma autotune space(B = {1, 2}) name("gemm")
  work<B>(x);
}

void other_names_and_default_names(int *x) {
#pragma autotune space(B = {1, 2}) name("gemm2")
  work<B>(x);
  // Default names repeat without a warning.
#pragma autotune space(B = {1, 2})
  work<B>(x);
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
