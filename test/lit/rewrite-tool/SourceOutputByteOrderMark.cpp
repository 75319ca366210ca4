// A source that starts with a UTF-8 byte-order mark keeps it as its first
// bytes: the '#line' comes after it, and the rewrite compiles, from the plugin
// and from autotune-rewrite.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import sys; open(sys.argv[2], 'wb').write(b'\xef\xbb\xbf' + open(sys.argv[1], 'rb').read())" %s %t/bom.cpp
// RUN: %clangxx %autotune -fsyntax-only %rewrite-source=%t/plugin.cpp %t/bom.cpp
// RUN: %python -c "import sys; sys.stdout.write(repr(open(sys.argv[1], 'rb').read(12)))" %t/plugin.cpp | %FileCheck %s --check-prefix=BYTES
// RUN: %FileCheck %s --input-file=%t/plugin.cpp
// RUN: %clangxx %autotune -fsyntax-only %t/plugin.cpp
// RUN: %autotune-rewrite %t/bom.cpp -o %t/tool.cpp -- -std=c++17 -I%S/../../../runtime/include
// RUN: %python -c "import sys; sys.stdout.write(repr(open(sys.argv[1], 'rb').read(12)))" %t/tool.cpp | %FileCheck %s --check-prefix=BYTES
// RUN: %FileCheck %s --input-file=%t/tool.cpp
// RUN: %clangxx %autotune -fsyntax-only %t/tool.cpp
// REQUIRES: rewrite-tool

// BYTES: b'\xef\xbb\xbf#line 1 "'

#include <autotune/autotune.h>

template <int B> void work(int *x) { x[0] = B; }

void run(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
// CHECK: #line 1 "{{.*}}bom.cpp"
// CHECK: __autotune_site
