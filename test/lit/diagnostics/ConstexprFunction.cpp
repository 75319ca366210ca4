// A site in a constexpr or consteval function, or in a lambda inside one, is
// one error at the pragma naming the function: the site keeps static state
// and runs at run time only. The statement is dropped with it.
// autotune-rewrite tells constexpr and consteval functions from their tokens.
// RUN: %clangxx %autotune -std=c++20 -fsyntax-only -Xclang -verify %s
// RUN: %if rewrite-tool %{ %autotune-rewrite %s -o %t.out -- -std=c++20 -I%S/../../../runtime/include -Xclang -verify %}

#include <autotune/autotune.h>

template <int B> int work(int *x);

constexpr int constexpr_function(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in constexpr function 'constexpr_function': the site runs at run time only; move it to a function that is not constexpr}}
  work<B>(x);
  return 0;
}

consteval int consteval_function(int *x) {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in consteval function 'consteval_function': the site runs at run time only; move it to a function that is not consteval}}
  work<B>(x);
  return 0;
}

constexpr int lambda_inside(int *x) {
  auto Lambda = [&] {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in constexpr function 'lambda_inside'}}
    work<B>(x);
  };
  Lambda();
  return 0;
}

struct Member {
  constexpr int in_class(int *x) const {
#pragma autotune space(B = {1, 2}) // expected-error {{'#pragma autotune' cannot be used in constexpr function 'in_class'}}
    work<B>(x);
    return 0;
  }
};

// A lambda that is not constexpr, in a function that is not, is fine.
int ordinary(int *x) {
  auto Lambda = [&] {
#pragma autotune space(B = {1, 2})
    work<B>(x);
  };
  Lambda();
  return 0;
}
