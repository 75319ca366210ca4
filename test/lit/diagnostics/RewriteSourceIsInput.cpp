// 'rewrite-source=FILE' naming the input is an error that names both, and the
// input is left as it was: however FILE is spelled ('./', '..'), and through
// a symbolic or a hard link.
// RUN: rm -rf %t && mkdir -p %t/sub && cp %s %t/in.cpp
// RUN: ln -s in.cpp %t/symlink.cpp && ln %t/in.cpp %t/hardlink.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=in.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=in.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=./in.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=./in.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=sub/../in.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=sub/../in.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=%t/in.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=%t/in.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=symlink.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=symlink.cpp
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only %rewrite-source=hardlink.cpp in.cpp 2>&1 | %FileCheck %s -DOUT=hardlink.cpp
// RUN: cmp %s %t/in.cpp
// Another file is written as ever.
// RUN: cd %t && %clangxx %autotune -fsyntax-only %rewrite-source=out.cpp in.cpp
// RUN: %FileCheck %s --check-prefix=REWRITTEN < %t/out.cpp

// CHECK: error: 'rewrite-source=[[OUT]]' names the input file 'in.cpp': the rewritten source would replace it; write it to another file
// REWRITTEN-NOT: {{^}}#pragma autotune
// REWRITTEN: __autotune_site

#include <autotune/autotune.h>

template <int B> void work(int *x);

void f(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
