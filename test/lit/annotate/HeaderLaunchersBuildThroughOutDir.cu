// A project whose launchers live in headers, one beside the program
// (quoted) and one found through '-I': autotune-annotate --fix annotates
// the headers, autotune-rewrite --out-dir writes the project's mirror with
// every site rewritten, headers included, and the mirror compiles as nvcc
// sees it: no plugin, the mirror's include directory before the original.
// REQUIRES: annotate-tool, rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t/src/Inputs/include/ops
// RUN: cp %s %t/src/app.cu && cp %S/Inputs/launchers.cuh %t/src/Inputs/
// RUN: cp %S/Inputs/include/ops/rows.cuh %t/src/Inputs/include/ops/
// RUN: %autotune-annotate --fix %t/src/app.cu -- -std=c++17 -I%t/src/Inputs/include 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=ROWS --input-file=%t/src/Inputs/include/ops/rows.cuh
// RUN: %autotune-rewrite --out-dir %t/mirror %t/src/app.cu -- -std=c++17 \
// RUN:   -I%t/src/Inputs/include -I%S/../../../runtime/include 2>&1 | %count 0
// RUN: cd %t/mirror && find . -type f | sort | %FileCheck %s --check-prefix=TREE
// RUN: %not grep -rn '^ *#pragma autotune' %t/mirror
// RUN: %clangxx -std=c++17 %cuda -Werror=unknown-pragmas -D__AUTOTUNE__=1 \
// RUN:   -I%t/mirror/Inputs/include -I%t/src/Inputs/include -I%S/../../../runtime/include \
// RUN:   -c %t/mirror/app.cu -o %t/app.o
// RUN: %if nvcc %{ %nvcc -D__AUTOTUNE__=1 -I%t/mirror/Inputs/include -I%t/src/Inputs/include \
// RUN:   -c %t/mirror/app.cu -o %t/app.nvcc.o %}

#include "Inputs/launchers.cuh"
#include <ops/rows.cuh>

// MSG: launchers.cuh:16:3: warning: launch of 'axpyKernel' with hand-picked block size 256 ('kThreads'): tune it with '#pragma autotune'
// MSG: rows.cuh:18:3: warning: launch of 'rowScaleKernel' with hand-picked block size 128 ('threads'): tune it with '#pragma autotune'
// ROWS: {{^}}#include <autotune/autotune.h>
// ROWS: {{^}}void rowScale(int rows, int cols, T alpha, T *data, cudaStream_t stream) {
// ROWS-NEXT: {{^}}  #pragma autotune space(THREADS = pow2(32, 1024)) default(THREADS = 128) \
// ROWS-NEXT: {{^}}      key(rows, cols){{$}}
// ROWS-NEXT: {{^}}  rowScaleKernel<T><<<rows, THREADS, 0, stream>>>(cols, alpha, data);

void step(int n, float a, const float *x, float *y, cudaStream_t s) {
  axpy(n, a, x, y, s);
  ops::rowScale(n / 64, 64, a, y, s);
}

// MSG: autotune-annotate: 2 launches: 2 to annotate, 0 left alone, 0 with nothing hand-picked, 0 annotated already

// Every file of the project is in the mirror, at its place.
// TREE:      ./Inputs/include/ops/rows.cuh
// TREE-NEXT: ./Inputs/launchers.cuh
// TREE-NEXT: ./app.cu
