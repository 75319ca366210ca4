// A malformed '_Pragma' in the clauses takes the end of the pragma's line with
// it: clang reports it, and the plugin reads no further than that line (it
// used to read to the end of the file inside the directive and crash).
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void unterminated_pragma_operator(int *x) {
  // expected-warning@+2 {{missing terminating '"' character}}
  // expected-error@+1 {{_Pragma takes a parenthesized string literal}}
#pragma autotune space(B = {1, 2}) _Pragma("pack
  work<B>(x);
}
