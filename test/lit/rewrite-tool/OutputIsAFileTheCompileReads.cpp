// The rewrite is never written over a file the compile reads: a header the
// main file includes (directly, from another header, or by '-include') is
// refused as the main file is, by autotune-rewrite's -o and by the plugin's
// rewrite-source, however the output is spelled: './', '..', an absolute
// path, a symbolic link or a hard link. The header is left as it was.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t/sub && cp %s %t/app.cpp
// RUN: cp %S/Inputs/work.h %t/work.h && printf '#define FORCED 1\n' > %t/forced.h
// RUN: printf '#include "work.h"\n' > %t/kern.h
// RUN: ln -s kern.h %t/link.h && ln %t/kern.h %t/hard.h
// RUN: cp %t/kern.h %t/kern.orig && cp %t/work.h %t/work.orig && cp %t/forced.h %t/forced.orig
//
// autotune-rewrite, run from the directory and from elsewhere.
// RUN: cd %t && %not %autotune-rewrite app.cpp -o kern.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=kern.h -DIN=kern.h
// RUN: cd %t && %not %autotune-rewrite app.cpp -o work.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=work.h -DIN=work.h
// RUN: cd %t && %not %autotune-rewrite app.cpp -o ./sub/../kern.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=./sub/../kern.h -DIN=kern.h
// RUN: cd %t && %not %autotune-rewrite app.cpp -o link.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=link.h -DIN=kern.h
// RUN: cd %t && %not %autotune-rewrite app.cpp -o hard.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=hard.h -DIN=kern.h
// RUN: cd %t/sub && %not %autotune-rewrite ../app.cpp -o ../kern.h -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s -DOUT=../kern.h -DIN=kern.h
// RUN: cd %t && %not %autotune-rewrite app.cpp -o forced.h -- -I%S/../../../runtime/include -include forced.h 2>&1 | %FileCheck %s -DOUT=forced.h -DIN=forced.h
//
// The plugin's rewrite-source.
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only -I%S/../../../runtime/include %rewrite-source=kern.h app.cpp 2>&1 | %FileCheck %s -DOUT=kern.h -DIN=kern.h
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only -I%S/../../../runtime/include %rewrite-source=link.h app.cpp 2>&1 | %FileCheck %s -DOUT=link.h -DIN=kern.h
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only -I%S/../../../runtime/include %rewrite-source=%t/hard.h app.cpp 2>&1 | %FileCheck %s -DOUT=%t/hard.h -DIN=kern.h
// RUN: cd %t && %not %clangxx %autotune -fsyntax-only -I%S/../../../runtime/include %rewrite-source=work.h app.cpp 2>&1 | %FileCheck %s -DOUT=work.h -DIN=work.h
//
// RUN: cmp %t/kern.h %t/kern.orig && cmp %t/work.h %t/work.orig && cmp %t/forced.h %t/forced.orig
// Another file is written as ever.
// RUN: cd %t && %autotune-rewrite app.cpp -o out.cpp -- -I%S/../../../runtime/include
// RUN: %FileCheck %s --check-prefix=REWRITTEN < %t/out.cpp

// CHECK: error: not writing the rewritten source to '{{(.*/)?}}[[OUT]]': it is '{{(.*/)?}}[[IN]]', a file this compile reads; write it to another file
// REWRITTEN-NOT: {{^}}#pragma autotune
// REWRITTEN: __autotune_site

#include <autotune/autotune.h>

#include "kern.h"

void f(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
