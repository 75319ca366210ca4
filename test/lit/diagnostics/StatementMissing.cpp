// The pragma applies to the statement that follows it. Where none follows
// (the block ends, or another pragma comes first) that is an error, and the
// code around it compiles as if the pragma were not there.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
  // The statement may start on the pragma's next line after blank lines and
  // comments, and may span lines.
#pragma autotune space(B = {1, 2})

  // a comment
  work<B>(
      x);
}

void end_of_block(int *x) {
#pragma autotune space(B = {1, 2})
} // expected-error {{expected a statement after '#pragma autotune'}}

void end_of_nested_block(int *x, int n) {
  if (n) {
    work<1>(x);
#pragma autotune space(B = {1, 2})
  } // expected-error {{expected a statement after '#pragma autotune'}}
  // The '}' still closes the 'if': this is the function's own code.
  work<2>(x);
}

void end_of_switch_case(int *x, int n) {
  switch (n) {
  case 1:
#pragma autotune space(B = {1, 2})
  } // expected-error {{expected a statement after '#pragma autotune'}}
  // Clang's own view of the code without the pragma:
  // expected-warning@-2 {{label at end of compound statement is a C++23 extension}}
}

void bad_clauses_too(int *x) {
  // Both problems are reported.
#pragma autotune space(B = {}) // expected-error {{empty value list for parameter 'B'}}
} // expected-error {{expected a statement after '#pragma autotune'}}

void another_pragma_first(int *x) {
#pragma autotune space(B = {1, 2})
#pragma autotune space(C = {1, 2}) // expected-error {{'#pragma autotune' cannot apply to another '#pragma autotune'}}
  // The second pragma is ignored; the first applies to the statement.
  work<B>(x);
}

#define NOTHING
#define CLOSE }
void from_a_macro(int *x) {
#pragma autotune space(B = {1, 2})
  NOTHING
  CLOSE // expected-error {{expected a statement after '#pragma autotune'}}

template <int X> void in_a_template(int *x) {
  work<X>(x);
#pragma autotune space(B = {1, 2})
} // expected-error {{expected a statement after '#pragma autotune'}}
template void in_a_template<1>(int *);

// The pragma as the last line of the file, and a statement without its ';',
// are in StatementMissingAtEndOfFile.cpp and StatementMissingSemicolon.cpp.
