// Every compile option that can change the generated code changes the site
// fingerprint, by class: sanitizers, link-time optimisation, instrumentation
// and coverage, automatic variable initialisation, other code generation
// flags. A build with any of them never runs the release build's winner, nor
// the release build theirs. Options that cannot change the code (warnings,
// diagnostics' form, include paths, debug information, the output file, the
// action) keep it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx %autotune -O2 -c -o %t/o.o %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/release
// RUN: test -s %t/release

// Kept: warnings, diagnostics, paths, debug information, the output, the action.
// RUN: %clangxx %autotune -O2 -c -o %t/other.o -Wall -Wextra -Wno-unused -fcolor-diagnostics -ferror-limit=5 -fno-caret-diagnostics -I%t/none -isystem %t/none2 -g -gdwarf-4 %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/kept
// RUN: diff %t/release %t/kept
// RUN: %clangxx %autotune -O2 -fsyntax-only %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/syntax
// RUN: diff %t/release %t/syntax

// Sanitizers.
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fsanitize=address %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/asan
// RUN: not diff %t/release %t/asan
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fsanitize=thread %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/tsan
// RUN: not diff %t/release %t/tsan
// RUN: not diff %t/asan %t/tsan
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fsanitize=undefined %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/ubsan
// RUN: not diff %t/release %t/ubsan

// Link-time optimisation.
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -flto %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/lto
// RUN: not diff %t/release %t/lto
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -flto=thin %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/thinlto
// RUN: not diff %t/release %t/thinlto
// RUN: not diff %t/lto %t/thinlto

// Instrumentation, profiling and coverage.
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fprofile-instr-generate -fcoverage-mapping %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/coverage
// RUN: not diff %t/release %t/coverage
// RUN: %clangxx %autotune -O2 -c -o %t/o.o --coverage %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/gcov
// RUN: not diff %t/release %t/gcov
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -finstrument-functions %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/instrument
// RUN: not diff %t/release %t/instrument
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -pg %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/pg
// RUN: not diff %t/release %t/pg

// Automatic variable initialisation.
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -ftrivial-auto-var-init=pattern %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/pattern
// RUN: not diff %t/release %t/pattern
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -ftrivial-auto-var-init=zero %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/zero
// RUN: not diff %t/release %t/zero
// RUN: not diff %t/pattern %t/zero

// Other code generation flags.
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fno-exceptions %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/noexcept
// RUN: not diff %t/release %t/noexcept
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fstack-protector-strong %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/protector
// RUN: not diff %t/release %t/protector
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fno-omit-frame-pointer %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/framepointer
// RUN: not diff %t/release %t/framepointer
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fno-pic %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/nopic
// RUN: not diff %t/release %t/nopic
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -march=x86-64-v3 %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/march
// RUN: not diff %t/release %t/march
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fno-rtti %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/nortti
// RUN: not diff %t/release %t/nortti
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fcf-protection=full %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/cf
// RUN: not diff %t/release %t/cf

// A profile's content decides the code, not only its name.
// RUN: echo 'scale:1:1' > %t/profile.txt
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fprofile-sample-use=%t/profile.txt %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/profile1
// RUN: echo 'scale:2:2' > %t/profile.txt
// RUN: %clangxx %autotune -O2 -c -o %t/o.o -fprofile-sample-use=%t/profile.txt %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/profile2
// RUN: not diff %t/profile1 %t/profile2

#include <autotune/autotune.h>

template <int N> void scale(float *X) {
  for (int I = 0; I < N; ++I)
    X[I] *= 2;
}

void run(float *X) {
#pragma autotune space(N = {1, 2}) name("scale")
  scale<N>(X);
}
