// Under -std=c++11 or -std=c++14 a site is one error at the pragma, which
// says that it needs C++17, and not a dozen in the code it would become.
// RUN: %clangxx %autotune -std=c++11 -Wno-c++17-extensions -fsyntax-only -Xclang -verify=expected,cxx11 %s
// RUN: %clangxx %autotune -std=c++14 -Wno-c++17-extensions -fsyntax-only -Xclang -verify=expected,cxx14 %s
// RUN: %clangxx %autotune -std=c++17 -fsyntax-only -Xclang -verify=cxx17 %s

#include <autotune/autotune.h>

template <int B> void work(int *x);

void tuned(int *x, int n) {
  // cxx11-error@+2 {{'#pragma autotune' needs C++17 or later, and this file is compiled as C++11 (use -std=c++17)}}
  // cxx14-error@+1 {{'#pragma autotune' needs C++17 or later, and this file is compiled as C++14 (use -std=c++17)}}
#pragma autotune space(B = {1, 2}) key(n) restore(x[n])
  work<B>(x);
}

// cxx17-no-diagnostics
