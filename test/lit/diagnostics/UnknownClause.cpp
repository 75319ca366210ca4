// A clause name that is not one of the eleven clauses is an error at that name,
// and the pragma is dropped with its statement (no follow-on errors about
// the parameters it would have declared).
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void valid(int *x) {
  // Positive control: the same site with correct clause names.
#pragma autotune space(B = {1, 2}) where(B > 1) name("valid")
  work<B>(x);
}

void misspelled(int *x) {
#pragma autotune spaec(B = {1, 2}) // expected-error {{unknown clause 'spaec' in '#pragma autotune'; expected one of 'space', 'configs', 'where', 'default', 'key', 'restore', 'verify', 'stream', 'budget', 'name', 'mode'}}
  work<B>(x);
}

void case_sensitive(int *x) {
#pragma autotune Space(B = {1, 2}) // expected-error {{unknown clause 'Space'}}
  work<B>(x);
}

void after_a_valid_clause(int *x, int n) {
#pragma autotune space(B = {1, 2}) keys(n) // expected-error {{unknown clause 'keys'}}
  work<B>(x);
}

void keyword_as_clause(int *x) {
#pragma autotune space(B = {1, 2}) if(B > 1) // expected-error {{unknown clause 'if'}}
  work<B>(x);
}

void on_a_continuation_line(int *x) {
#pragma autotune space(B = {1, 2}) \
                 wehre(B > 1) // expected-error {{unknown clause 'wehre'}}
  work<B>(x);
}

void not_a_name(int *x) {
#pragma autotune space(B = {1, 2}) 42 // expected-error {{expected a clause name in '#pragma autotune'}}
  work<B>(x);
#pragma autotune space(B = {1, 2}), where(B > 1) // expected-error {{expected a clause name in '#pragma autotune'}}
  work<B>(x);
#pragma autotune "space" // expected-error {{expected a clause name in '#pragma autotune'}}
  work<B>(x);
}

#define CLAUSE spaec
void from_a_macro(int *x) {
  // The name is reported where the macro is used.
#pragma autotune CLAUSE(B = {1, 2}) // expected-error {{unknown clause 'spaec'}}
  work<B>(x);
}

#define SPACE space
void valid_from_a_macro(int *x) {
#pragma autotune SPACE(B = {1, 2})
  work<B>(x);
}

template <int X> void in_a_template(int *x) {
  // Reported once, when the template is parsed, not per instantiation.
#pragma autotune spaec(B = {1, X}) // expected-error {{unknown clause 'spaec'}}
  work<B + X>(x);
}
template void in_a_template<1>(int *);
template void in_a_template<2>(int *);
