// A statement whose call has more than about 510 tokens in its parentheses
// used to be taken for "the definition of" its callee: the look-ahead that
// tells a definition's head after the pragma stopped at 512 tokens and read
// what it had as a head. It reads to the end of the head now, by both routes.
// REQUIRES: rewrite-tool
// RUN: %clangxx %autotune -fsyntax-only %s 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %autotune-rewrite %s -o %t.out -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --allow-empty --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %FileCheck %s --check-prefix=REWRITE --input-file=%t.out

#include <autotune/autotune.h>

template <int B, class... T> void work(T...);

void many_arguments(int n) {
#pragma autotune space(B = {1, 2}) key()
  work<B>(n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n, n);
}
// REWRITE: __autotune_site
