// A site without key(...) tunes once and runs that winner for every later
// size. When a later call's restore(...) count differs from the tuned
// call's, the runtime says so once, naming the clause and advising key(...);
// with the count in key(...) each size is tuned and nothing is said.
// RUN: %clangxx %autotune -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <cstdio>
#include <vector>

template <int TILE> void scale(float *x, int n) {
  for (int i = 0; i < n; i += TILE)
    for (int j = i; j < i + TILE && j < n; ++j)
      x[j] *= 2.0f;
}

void keyless(float *x, int n) {
#pragma autotune space(TILE = {8, 32}) restore(x[n]) name("keyless")
  scale<TILE>(x, n);
}

void keyed(float *x, int n) {
#pragma autotune space(TILE = {8, 32}) restore(x[n]) key(n) name("keyed")
  scale<TILE>(x, n);
}

int main() {
  std::vector<float> x(4096, 1.0f);
  keyless(x.data(), 256);
  keyless(x.data(), 4096);
  keyless(x.data(), 1024);
  // CHECK: autotune: warning: keyless: 'restore(x[n])' covers 4096 elements in this call but 256 elements in the call it was tuned on; every call of the site runs the winner measured for that size (add 'key(n)' to tune each size)
  // CHECK-NOT: warning
  keyed(x.data(), 256);
  keyed(x.data(), 4096);
  std::printf("x[0] = %g\n", x[0]);
  // CHECK: x[0] = 32
  return 0;
}
