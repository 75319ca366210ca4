// File names with a backslash, a double quote or a newline reach the '#line'
// of the rewrite escaped as clang escapes them in its own line markers, so the
// rewrite compiles and its diagnostics name the user's file, from the plugin
// and from autotune-rewrite.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: cp %s '%t/we\ird.cpp'
// RUN: cp %s '%t/q"uote.cpp'
// RUN: %python -c "import shutil, sys; shutil.copy(sys.argv[1], sys.argv[2] + '/new\nline.cpp')" %s %t
//
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t/backslash.cpp '%t/we\ird.cpp'
// RUN: %FileCheck %s --check-prefix=BACKSLASH --input-file=%t/backslash.cpp
// RUN: %clangxx %autotune -E %t/backslash.cpp | %FileCheck %s --check-prefix=BACKSLASH
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t/quote.cpp '%t/q"uote.cpp'
// RUN: %FileCheck %s --check-prefix=QUOTE --input-file=%t/quote.cpp
// RUN: %clangxx %autotune -E %t/quote.cpp | %FileCheck %s --check-prefix=QUOTE
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t/newline.cpp %t/new?line.cpp
// RUN: %FileCheck %s --check-prefix=NEWLINE --input-file=%t/newline.cpp
// RUN: %clangxx %autotune -E %t/newline.cpp | %FileCheck %s --check-prefix=NEWLINE
//
// RUN: %autotune-rewrite '%t/we\ird.cpp' -o %t/tool-backslash.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=BACKSLASH --input-file=%t/tool-backslash.cpp
// RUN: %clangxx %autotune -E %t/tool-backslash.cpp | %FileCheck %s --check-prefix=BACKSLASH
// RUN: %autotune-rewrite '%t/q"uote.cpp' -o %t/tool-quote.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=QUOTE --input-file=%t/tool-quote.cpp
// RUN: %clangxx %autotune -E %t/tool-quote.cpp | %FileCheck %s --check-prefix=QUOTE
// RUN: %autotune-rewrite %t/new?line.cpp -o %t/tool-newline.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=NEWLINE --input-file=%t/tool-newline.cpp
// RUN: %clangxx %autotune -E %t/tool-newline.cpp | %FileCheck %s --check-prefix=NEWLINE
//
// The name in the '#line' and in clang's line markers of the compiled rewrite:
// BACKSLASH: {{^}}#{{(line)?}} {{[0-9]+}} "{{.*}}/we\\ird.cpp"
// QUOTE: {{^}}#{{(line)?}} {{[0-9]+}} "{{.*}}/q\"uote.cpp"
// NEWLINE: {{^}}#{{(line)?}} {{[0-9]+}} "{{.*}}/new\nline.cpp"

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }

void run(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
