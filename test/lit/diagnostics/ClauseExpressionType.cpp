// A 'key', 'restore', 'verify' or 'stream' expression of the wrong type is
// one error, whose message names the clause, with a note at the statement
// ('key': at the pragma, where the site's key is computed).
// FIXME: the note could point at the expression in the pragma; giving the
// generated wrapper the expression's location splits 'clang -E' output.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(float *x);

struct Shape {
  int Rows, Cols;
};

void wrong_types(float *x, int n, Shape s, void *stream) {
  // expected-error@autotune/autotune.h:* {{autotune: a key(...) value must be of integral or enum type}}
#pragma autotune space(B = {1, 2}) key(n, s) // expected-note {{in instantiation of function template specialization 'autotune::keyValue<Shape>' requested here}}
  work<B>(x);
  // expected-error@autotune/autotune.h:* {{autotune: in restore(p[n]), p must be a pointer or an array}}
#pragma autotune space(B = {1, 2}) key(n) restore(n[n])
  work<B>(x); // expected-note {{in instantiation of function template specialization 'autotune::restoreBuffer<int>' requested here}}
  // expected-error@autotune/autotune.h:* {{autotune: in verify(p[n]), p must be a pointer or an array}}
#pragma autotune space(B = {1, 2}) key(n) verify(s[n])
  work<B>(x); // expected-note {{in instantiation of function template specialization 'autotune::verifyBuffer<Shape>' requested here}}
  // expected-error@autotune/autotune.h:* {{autotune: a stream must be a cudaStream_t, 0, nullptr or an object that converts to a cudaStream_t}}
#pragma autotune space(B = {1, 2}) stream(s)
  work<B>(x); // expected-note {{in instantiation of function template specialization 'autotune::streamHandle<Shape>' requested here}}
  // The right types: no error.
#pragma autotune space(B = {1, 2}) key(n, s.Rows) restore(x[n]) verify(x[s.Cols]) stream(stream)
  work<B>(x);
}

void c_parse_error(float *x, int n) {
  // What the plugin's shape check lets through, clang reports once, at the
  // pragma for a key.
#pragma autotune space(B = {1, 2}) key(int) // expected-error {{expected '(' for function-style cast or type construction}}
  work<B>(x);
}
