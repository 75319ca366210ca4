// An OpenMP directive after '#pragma autotune' is an annotation, its clauses
// and an end annotation: it is refused as a whole, and the statement after it
// is read as the site's statement.
// RUN: %clangxx %autotune -fopenmp -fsyntax-only -ferror-limit=0 -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void parallel_directive(int *x) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma omp parallel num_threads(2) // expected-error {{another pragma cannot come between '#pragma autotune' and the end of its statement}}
  work<B>(x);
}

void parallel_loop(int *x, int n) {
#pragma autotune space(B = {1, 2}) // expected-note {{'#pragma autotune' is here}}
#pragma omp parallel for
  for (int i = 0; i < n; ++i) { // expected-error {{'#pragma autotune' applies to a single expression statement, not 'for'}}
    work<B>(x);
  }
  undeclared_after_loop(); // expected-error {{use of undeclared identifier 'undeclared_after_loop'}}
}
