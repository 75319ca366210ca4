// A '_Pragma' written in the clauses is an error at it and is not run: a
// malformed one would take the end of the pragma's line with it, and the
// directives on the next lines would then run inside '#pragma autotune' (it
// used to read to the end of the file and crash; found by the pragma fuzzer).
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void unterminated_pragma_operator(int *x) {
  // expected-warning@+2 {{missing terminating '"' character}}
  // expected-error@+1 {{another pragma cannot be used inside '#pragma autotune'}}
#pragma autotune space(B = {1, 2}) _Pragma("pack
  work<B>(x);
}

void unterminated_before_a_directive(int *x) {
  // expected-warning@+2 {{missing terminating '"' character}}
  // expected-error@+1 {{another pragma cannot be used inside '#pragma autotune'}}
#pragma autotune space(_Pragma("p
#if 0
  work<1>(x);
#endif
  work<2>(x);
}

void on_a_continued_line(int *x) {
#pragma autotune space(B = {1, 2}) \
    _Pragma("unroll") // expected-error {{another pragma cannot be used inside '#pragma autotune'}}
  work<B>(x);
}
