// A lambda in a default argument of a function ('Done done = [] {}') is part
// of its parameter list: its braces neither open nor end the function, and a
// site in the function's body is accepted by autotune-rewrite as by the
// plugin.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/out.cpp -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// RUN: %FileCheck %s --input-file=%t/out.cpp
// RUN: %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET
// QUIET-NOT: {{.}}

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] += B; }

void with_callback(int *x, void (*done)() = [] {}, int (*pick)(int) = [](int v) { return v * 2; }) {
#pragma autotune space(B = {1, 2}) key() name("after-lambda-default")
  work<B>(x);
  done();
  x[1] = pick(x[0]);
}

void next(int *x) {
#pragma autotune space(B = {1, 2}) key() name("next-function")
  work<B>(x);
}

// CHECK: __autotune_info = {{[{]}}"after-lambda-default"
// CHECK: __autotune_info = {{[{]}}"next-function"
