// A compile option that changes the code changes the site fingerprint, so a
// winner measured for other code is not reused: a '-D', the optimisation
// level, fast math, floating-point contraction. Options that cannot change the code
// (warnings, include paths of files the site does not read) keep it.
// RUN: %clangxx %autotune -O2 -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.O2
// RUN: %clangxx %autotune -O2 -Wall -Wextra -I%t.none -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.warnings
// RUN: diff %t.O2 %t.warnings
// RUN: %clangxx %autotune -O0 -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.O0
// RUN: not diff %t.O2 %t.O0
// RUN: %clangxx %autotune -O3 -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.O3
// RUN: not diff %t.O2 %t.O3
// RUN: %clangxx %autotune -O2 -DSOME_FLAG=1 -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.define
// RUN: not diff %t.O2 %t.define
// RUN: %clangxx %autotune -O2 -ffast-math -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.fastmath
// RUN: not diff %t.O2 %t.fastmath
// RUN: %clangxx %autotune -O2 -ffp-contract=off -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t.contract
// RUN: not diff %t.O2 %t.contract
// 'clang -E' runs no plugin action; what the preprocessor knows still counts.
// RUN: %clangxx %autotune -O2 -E -P %s | grep -o '0x[0-9A-F]*ULL' > %t.E
// RUN: %clangxx %autotune -O2 -DSOME_FLAG=1 -E -P %s | grep -o '0x[0-9A-F]*ULL' > %t.E-define
// RUN: not diff %t.E %t.E-define

#include <autotune/autotune.h>

template <int N> void scale(float *X) {
  for (int I = 0; I < N; ++I)
    X[I] *= 2;
}

void run(float *X) {
#pragma autotune space(N = {1, 2}) name("scale")
  scale<N>(X);
}
