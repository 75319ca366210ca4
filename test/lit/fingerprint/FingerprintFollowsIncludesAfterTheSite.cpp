// A file included after the site (the .tpp/.inl layout: a template declared
// above the site, defined in a file included at the end) is part of the
// fingerprint, as a file included before it is: editing it tunes again.
// So are the files it includes, and a file named by a macro defined before
// the site. A comment added there keeps the winner.
// RUN: rm -rf %t && mkdir -p %t && cp -r %S/Inputs/later %t/
// RUN: %clangxx %autotune -fsyntax-only -I%t/later %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/first
// RUN: test -s %t/first

// A comment in the later file: the same fingerprint.
// RUN: echo '// a comment' >> %t/later/kernel.tpp
// RUN: %clangxx %autotune -fsyntax-only -I%t/later %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/comment
// RUN: diff %t/first %t/comment

// An edit of the kernel in the file included after the site.
// RUN: sed -i 's/X\[I\] \*= 2/X[I] *= 3/' %t/later/kernel.tpp
// RUN: %clangxx %autotune -fsyntax-only -I%t/later %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/kernel
// RUN: not diff %t/first %t/kernel

// An edit of a file that file includes.
// RUN: sed -i 's/UNROLL_FACTOR 1/UNROLL_FACTOR 4/' %t/later/detail/unroll.inl
// RUN: %clangxx %autotune -fsyntax-only -I%t/later %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/nested
// RUN: not diff %t/kernel %t/nested

// An edit of a file included through a macro.
// RUN: sed -i 's/return 1/return 2/' %t/later/by-macro.inl
// RUN: %clangxx %autotune -fsyntax-only -I%t/later %rewrite-source=- %s | grep -o '0x[0-9A-F]*ULL' > %t/macro
// RUN: not diff %t/nested %t/macro

#include <autotune/autotune.h>

#define LATER_FILE "by-macro.inl"

template <int N> void scale(float *X);

void run(float *X) {
#pragma autotune space(N = {1, 2}) name("scale")
  scale<N>(X);
}

#include "kernel.tpp"
#include LATER_FILE
