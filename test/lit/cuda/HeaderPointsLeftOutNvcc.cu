// autotune-nvcc rewrites the project, not only its input: a site in a header
// (found through -I) is rewritten too, and its point that cannot compile is
// left out, said once with the header's place. The object has the other
// points' kernels only, and the depfile names the original files, not the
// temporary mirror the wrapper compiled.
// REQUIRES: cuda, nvcc
// RUN: rm -rf %t && mkdir -p %t/src && cp %s %t/src/main.cu && cp -r %S/Inputs/include %t/include && cd %t
// RUN: %autotune-nvcc -std=c++17 -O2 -arch=sm_90 -Iinclude -MD -MF main.d -c src/main.cu -o main.o 2>&1 | %FileCheck %s
// CHECK: autotune: {{.*}}include/kit/rows.cuh:14: site 'rows': point (ROWS = 16) left out: ptxas: Entry function '{{.*}}' uses too much shared data
// CHECK-NOT: left out
// RUN: nm main.o > symbols.txt
// RUN: grep -q 'rowsILi1E' symbols.txt && grep -q 'rowsILi2E' symbols.txt
// RUN: not grep 'rowsILi16E' symbols.txt
// RUN: %FileCheck %s --check-prefix=DEP --input-file=main.d
// DEP: main.o : {{.*}}/src/main.cu
// DEP: {{.*}}/include/kit/rows.cuh
// RUN: not grep autotune-nvcc main.d

#include <kit/rows.cuh>

void run(float *y) { runRows(y); }
