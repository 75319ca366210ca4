// The rewritten source replaces only the pragma and its statement: includes,
// macro definitions and uses, comments, blank lines and conditional code stay
// as written, a '#line 1' directive comes first so that line numbers and the
// file name are the user's, and every line keeps its number.
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t.cpp %s
// RUN: sed -e 's,// [A-Z][A-Z-]*:.*,,' %t.cpp | %FileCheck %s
// The rewritten file has one line more than the input: the '#line'.
// RUN: wc -l < %s > %t.lines
// RUN: wc -l < %t.cpp >> %t.lines
// RUN: %python -c "import sys; a, b = map(int, open(sys.argv[1]).read().split()); sys.exit(b != a + 1)" %t.lines
// Diagnostics in the rewritten file, in the statement and after the site,
// are reported on the lines of the input.
// RUN: %not %clangxx %autotune -fsyntax-only -fno-caret-diagnostics -DBREAK \
// RUN:   -DSTATEMENT_ARG=undeclared_in_the_statement %t.cpp 2>&1 | %FileCheck %s --check-prefix=LINES

// CHECK: {{^}}#line 1 "{{[^"]*}}SourceFormKeepsText.cpp"
// CHECK-NEXT: {{^}}// The rewritten source replaces only the pragma and its statement: includes,
#include <autotune/autotune.h>
// CHECK: {{^}}#include <autotune/autotune.h>

#define SCALE(v) ((v) * 3) /* a macro with a comment */
// CHECK: {{^}}#define SCALE(v) ((v) * 3) /* a macro with a comment */

template <int A> void work(int *x, int v) { x[0] = A * v; }

/* A block comment
   over two lines. */
void site(int *x, int n) {
  int v = SCALE(n); // a trailing comment
#pragma autotune space(A = {1, 2}) /* a comment in the pragma */
  work<A>(x, SCALE(v)); /* after the statement */
#ifdef BREAK
  work<1>(x, undeclared_after_the_site); // LINES: SourceFormKeepsText.cpp:[[@LINE]]:14: error: use of undeclared identifier 'undeclared_after_the_site'
#endif
}
// CHECK: {{^}}/* A block comment
// CHECK-NEXT: {{^}}   over two lines. */
// CHECK-NEXT: {{^}}void site(int *x, int n) {
// CHECK-NEXT: {{^}}  int v = SCALE(n); // a trailing comment
// CHECK-NEXT: {{^}}{ static constexpr const char *__autotune_params[] = {"A"};
// CHECK-NEXT: {{^}}  work<A>(x, SCALE(v)); }; ::autotune::CallArgs __autotune_args;
// CHECK-SAME: __autotune_args); } } /* after the statement */{{$}}
// CHECK-NEXT: {{^}}#ifdef BREAK
// CHECK-NEXT: {{^}}  work<1>(x, undeclared_after_the_site);
// CHECK-NEXT: {{^}}#endif
// CHECK-NEXT: {{^}}}

#ifndef STATEMENT_ARG
#define STATEMENT_ARG 0
#endif
void site_with_error(int *x) {
#pragma autotune space(A = {1, 2})
  work<A>(x, STATEMENT_ARG); // LINES: SourceFormKeepsText.cpp:[[@LINE]]:14: error: use of undeclared identifier 'undeclared_in_the_statement'
}

// Each error once: the statement is compiled for every point, but its
// tokens are written once.
// LINES-NOT: error:
