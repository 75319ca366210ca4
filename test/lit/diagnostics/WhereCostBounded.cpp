// 'where' is parsed once and evaluated per candidate point, and the plugin's
// time is bounded: enumeration stops at the first point over the limit, and a
// 'where' too long for the number of candidates is refused before any is
// tested. The long conditions are made by the RUN lines; each case once took
// clang tens of seconds, and the whole file now takes well under one (the
// timeout only catches a return to the old cost).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "print('#define TERMS(A, B, C) ' + ' && '.join('(A * %%d + B * %%d - C * %%d) %%%% 7 != %%d' %% (i, i + 1, i + 2, i %% 5) for i in range(20)))" > %t/terms.h
// RUN: %python -c "print('#define LONG_TERMS(A, B, C) ' + ' && '.join('(A * %%d + B - C) != -%%d' %% (i, i + 1) for i in range(2000)))" > %t/long_terms.h
// RUN: timeout 60 %clangxx %autotune -fsyntax-only -I%t -Xclang -verify %s

#include <autotune/autotune.h>
#include "terms.h"
#include "long_terms.h"

template <int A, int B, int C> void work(int *x);

void tested_at_every_candidate(int *x) {
  // 262144 candidates, each tested by one program: fine, and fast.
#pragma autotune space(A = range(0, 64), B = range(0, 64), C = range(0, 64)) where(TERMS(A, B, C)) where(A + B + C == 7)
  work<A, B, C>(x);
}

void stops_at_the_limit(int *x) {
  // Keeps nearly every point: the error comes at the 4097th kept.
#pragma autotune space(A = range(0, 64), B = range(0, 64), C = range(0, 64)) where(A + B + C != 1) // expected-error {{the space has more than 4096 points; at most 4096 can be compiled}}
  work<A, B, C>(x);
}

void too_long_for_the_candidates(int *x) {
#pragma autotune space(A = range(0, 64), B = range(0, 64), C = range(0, 64)) where(LONG_TERMS(A, B, C)) // expected-error {{'where' is too long to test at each of the 262144 candidate points (at most 268435456 operations in all); narrow the 'space' or shorten 'where'}}
  work<A, B, C>(x);
  // The same 'where' over fewer candidates is tested.
#pragma autotune space(A = range(0, 4), B = range(0, 4), C = range(0, 4)) where(LONG_TERMS(A, B, C))
  work<A, B, C>(x);
}

void too_many_candidates(int *x) {
  // Refused before any 'where' is evaluated.
#pragma autotune space(A = range(0, 64), B = range(0, 64), C = range(0, 65)) where(A == 0) // expected-error {{the space has more than 262144 candidate points; at most 262144 are tested by 'where', and at most 4096 compiled}}
  work<A, B, C>(x);
}
