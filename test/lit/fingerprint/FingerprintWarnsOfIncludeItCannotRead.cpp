// A file included after the site by a name the plugin cannot read when it
// meets the pragma (a macro defined after the site) is not in the site's
// fingerprint: the plugin says so at the '#include', rather than let an
// edit of it keep the cached winner. The same macro defined above the site
// is read, and gives no warning.
// RUN: %clangxx %autotune -fsyntax-only -I%S/Inputs/later -Xclang -verify %s
// RUN: %clangxx %autotune -fsyntax-only -I%S/Inputs/later -DABOVE -Xclang -verify=above %s
// above-no-diagnostics

#include <autotune/autotune.h>

#ifdef ABOVE
#define LATER_FILE "by-macro.inl"
#endif

template <int N> void scale(float *X);

void run(float *X) {
#pragma autotune space(N = {1, 2}) name("scale")
  scale<N>(X);
}

#include "kernel.tpp"
#ifndef ABOVE
#define LATER_FILE "by-macro.inl"
#endif
#include LATER_FILE // expected-warning-re {{'{{.*}}by-macro.inl' is included after '#pragma autotune' at line 19 by a name the plugin cannot read there (a macro defined after the site): the site's fingerprint does not hold it, so an edit to it keeps the cached winner; write the file's name in the '#include', or define the macro above the site}}
