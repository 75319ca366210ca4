// A 'key', 'restore', 'verify' or 'stream' value of the wrong type is one
// error at the user's expression (the pointer or the count of 'p[n]'), in
// the clause's words; nothing is reported inside the runtime's headers.
// Each site checks its own values: a second site with a key of the same
// wrong type is an error too. NoGeneratedCodeInDiagnostics.cpp sweeps more
// types, by both routes.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s
// RUN: not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics %s 2>&1 \
// RUN:   | %FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not=warning:

#include <autotune/autotune.h>

template <int B> void work(float *x);

struct Shape {
  int Rows, Cols;
};

void wrong_types(float *x, int n, Shape s, void *stream, const float *cx) {
#pragma autotune space(B = {1, 2}) key(n, s) // expected-error {{a key(...) value must be of integral or enum type}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:43: error: a key(...) value must be of integral or enum type
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(s) // expected-error {{a key(...) value must be of integral or enum type}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:40: error: a key(...) value must be of integral or enum type
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) restore(n[n]) // expected-error {{in restore(p[n]), p must be a pointer to the elements or an array}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:51: error: in restore(p[n]), p must be a pointer to the elements or an array
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) restore(cx[n]) // expected-error {{a restore(...) buffer must be writable}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:51: error: a restore(...) buffer must be writable
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) verify(s[n]) // expected-error {{in verify(p[n]), p must be a pointer to the elements or an array}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:50: error: in verify(p[n]), p must be a pointer to the elements or an array
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) verify(x[n], x[s]) // expected-error {{in verify(p[n]), n must be an integer}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:58: error: in verify(p[n]), n must be an integer
  work<B>(x);
#pragma autotune space(B = {1, 2}) key(n) restore(x[0.5 * n]) // expected-error {{in restore(p[n]), n must be an integer}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:53: error: in restore(p[n]), n must be an integer
  work<B>(x);
#pragma autotune space(B = {1, 2}) stream(s) // expected-error {{a stream must be a cudaStream_t, 0, nullptr or an object that converts to a cudaStream_t}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:43: error: a stream must be a cudaStream_t, 0, nullptr or an object that converts to a cudaStream_t
  work<B>(x);
  // The right types: no error.
#pragma autotune space(B = {1, 2}) key(n, s.Rows) restore(x[n]) verify(x[s.Cols], cx[n]) stream(stream)
  work<B>(x);
}

void c_parse_error(float *x, int n) {
  // What the plugin's shape check lets through, clang reports once, at the
  // expression.
#pragma autotune space(B = {1, 2}) key(int) // expected-error {{expected '(' for function-style cast or type construction}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:40: error: expected '(' for function-style cast or type construction
  work<B>(x);
}

// In a template, the type is known per instantiation: the error is at the
// expression, with a note at the call that instantiated it (at the end of
// the file, where clang instantiates).
template <class T> void in_template(float *x, T key) {
#pragma autotune space(B = {1, 2}) key(key) // expected-error {{a key(...) value must be of integral or enum type}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:40: error: a key(...) value must be of integral or enum type
  work<B>(x);
}
void instantiate(float *x, Shape s) {
  in_template(x, 4);
  in_template(x, s); // expected-note {{in instantiation of function template specialization 'in_template<Shape>' requested here}}
  // CHECK: ClauseExpressionType.cpp:[[@LINE-1]]:3: note: in instantiation of function template specialization 'in_template<Shape>' requested here
}
