// A file whose lines end in a lone carriage return (old Mac style; clang
// reads it line by line like any other) keeps its line numbers through the
// rewrite: the '#line' directive and the lines that stand in for a pragma's
// continued lines end the way the file's lines do, so __LINE__ and
// diagnostics name the same lines as in the original.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import sys; d = open(sys.argv[1], 'rb').read(); open(sys.argv[2], 'wb').write(d.replace(b'\n', b'\r'))" %S/Inputs/cr_lines.cpp %t/cr.cpp
// RUN: %clangxx %autotune -fsyntax-only %t/cr.cpp 2>&1 | %FileCheck %s --check-prefix=ORIGINAL
// RUN: %autotune-rewrite %t/cr.cpp -o %t/out.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %clangxx -std=c++17 -I%S/../../../runtime/include -fsyntax-only %t/out.cpp 2>&1 | %FileCheck %s --check-prefix=REWRITTEN
// RUN: %clangxx -std=c++17 -I%S/../../../runtime/include -E -P %t/out.cpp | %FileCheck %s --check-prefix=LINE
// ORIGINAL: cr.cpp:15:2: warning: line-marker
// REWRITTEN: cr.cpp:15:2: warning: line-marker
// LINE: int line_after_site = 14;
