// autotune_torch.BuildExtension rewrites an extension's sources into the
// build directory; with_options(rewrite_sources=False) compiles them as they
// are (rewritten already, on a machine with autotune-rewrite: the GPU
// check's setup.py), and adds autotune's flags and runtime all the same.
// REQUIRES: torch
// RUN: rm -rf %t && mkdir -p %t
// RUN: %torch-python %S/Inputs/build_ext_sources.py %s %t/temp | %FileCheck %s --check-prefix=REWRITE
// RUN: %torch-python %S/Inputs/build_ext_sources.py %s %t/temp rewrite_sources=False | %FileCheck %s --check-prefix=ASIS -DSOURCE=%s

// REWRITE: sources: {{.*}}temp/autotune/ext/{{.*}}BuildExtensionRewriteOptional.cpp
// REWRITE-NEXT: cxx: -std=c++17 -O2 -D__AUTOTUNE__=1
// REWRITE-NEXT: links runtime: True

// ASIS: sources: [[SOURCE]]{{$}}
// ASIS-NEXT: cxx: -std=c++17 -O2 -D__AUTOTUNE__=1
// ASIS-NEXT: links runtime: True

#include <autotune/autotune.h>

template <int TILE> void work(int *X) { X[0] = TILE; }

void run(int *X) {
#pragma autotune space(TILE = {1, 2})
  work<TILE>(X);
}
