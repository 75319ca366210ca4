// Long 'configs' lists and value lists cost linear time: duplicates are
// found with a hash set, not by comparing each point with all earlier ones,
// and a list longer than the plugin tests is refused at the first point over.
// The lists are made by the RUN lines; 100000 points once took clang 22
// seconds, and the whole file now takes about one (the timeout only catches
// a return to the old cost).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "print('#define POINTS_100000 ' + ', '.join('{B = %%d}' %% i for i in range(100000)))" > %t/points.h
// RUN: %python -c "print('#define POINTS_300000 ' + ', '.join('{B = %%d}' %% i for i in range(300000)))" > %t/more_points.h
// RUN: %python -c "print('#define VALUES_100000 ' + ', '.join(str(i) for i in range(100000)))" > %t/values.h
// RUN: timeout 60 %clangxx %autotune -fsyntax-only -I%t -Xclang -verify %s

#include <autotune/autotune.h>
#include "points.h"
#include "more_points.h"
#include "values.h"

template <int B> void work(int *x);

void many_points(int *x) {
#pragma autotune configs(POINTS_100000) // expected-error {{the space has 100000 points; at most 4096 can be compiled}}
  work<B>(x);
  // 'where' may bring a long list under the limit.
#pragma autotune configs(POINTS_100000) where(B % 1000 == 0)
  work<B>(x);
#pragma autotune space(B = {VALUES_100000}) // expected-error {{the space has 100000 points; at most 4096 can be compiled}}
  work<B>(x);
}

void more_than_tested(int *x) {
#pragma autotune configs(POINTS_300000) // expected-error {{the space has more than 262144 candidate points; at most 262144 are tested by 'where', and at most 4096 compiled}}
  work<B>(x);
}

void duplicates(int *x) {
  // Still found, however far apart.
#pragma autotune configs(POINTS_100000, {B = 5}) where(B < 10) // expected-warning {{duplicate point in 'configs' ignored}}
  work<B>(x);
#pragma autotune space(B = {VALUES_100000, 7}) where(B < 10) // expected-warning {{duplicate value 7 for parameter 'B' ignored}}
  work<B>(x);
}
