// What the rewritten source cannot hold is said, not silently dropped: a site
// outside the main file stays a pragma there (a warning), and a statement
// that ends inside a macro's expansion is an error.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t/out.cpp -I%S/Inputs %s 2>&1 | %FileCheck %s
// RUN: %not %clangxx %autotune -fsyntax-only %rewrite-source=%t/bad.cpp -I%S/Inputs -DMACRO_END %s 2>&1 | %FileCheck %s --check-prefix=MACRO
// RUN: %clangxx %autotune -fsyntax-only -I%S/Inputs -DMACRO_END %s

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }
void check();

#include "SiteInHeader.h"
// CHECK: SiteInHeader.h:{{[0-9]+}}:9: warning: this site is not in the main file: the rewritten source keeps it as a pragma

#ifdef MACRO_END
#define RUN_AND_CHECK(call) call; check()
void macro_end(int *x) {
#pragma autotune space(B = {1, 2})
  RUN_AND_CHECK(work<B>(x));
  // MACRO: SourceFormLimits.cpp:[[@LINE-1]]:3: error: the statement after '#pragma autotune' ends inside this macro's expansion
}
#endif
