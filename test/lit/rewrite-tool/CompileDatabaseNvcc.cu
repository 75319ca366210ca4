// 'autotune-rewrite -p' reads the compile commands CMake writes for nvcc:
// include directories and definitions from '--options-file', the macros nvcc
// defines for its own options, nvcc-only options dropped (with a note for
// those that change the code nvcc makes, and for options clang does not
// know), outputs relative to the working directory, and a file the database
// does not list is said to be missing.
// REQUIRES: rewrite-tool, cuda
// RUN: rm -rf %t && mkdir -p %t/src %t/build/CMakeFiles/app.dir %t/work/gen
// RUN: cp %s %t/src/app.cu && cp %s %t/src/other.cu
// RUN: sed -e 's,@BUILD@,%t/build,g' -e 's,@SRC@,%t/src,g' %S/Inputs/NvccDatabase/compile_commands.json.in > %t/build/compile_commands.json
// RUN: sed -e 's,@INPUTS@,%S/Inputs/NvccDatabase,g' -e 's,@RUNTIME@,%S/../../../runtime/include,g' %S/Inputs/NvccDatabase/includes_CUDA.rsp.in > %t/build/CMakeFiles/app.dir/includes_CUDA.rsp
//
// RUN: cd %t/work && %autotune-rewrite -p %t/build %t/src/app.cu -o app.at.cu 2> %t/notes.txt
// RUN: %FileCheck %s --input-file=%t/work/app.at.cu
// RUN: %FileCheck %s --check-prefix=NOTE --input-file=%t/notes.txt
// RUN: cd %t/work && %autotune-rewrite -p %t/build --out-dir gen %t/src/app.cu
// RUN: %FileCheck %s --input-file=%t/work/gen/app.cu
//
// RUN: cd %t/work && %not %autotune-rewrite -p %t/build %t/src/other.cu -o other.at.cu 2>&1 | %FileCheck %s --check-prefix=MISSING
// RUN: %not test -e %t/work/other.at.cu

// NOTE: note: {{.*}}app.cu: '--use_fast_math' is dropped: it changes nvcc's device math, not the code the rewrite reads; nvcc applies it when it compiles the rewritten file
// NOTE: note: {{.*}}app.cu: '-Xcompiler -fno-math-errno' is not passed to the preprocessor that rewrites the file: if it changes which code is compiled, pass its effect after '--'
// nvcc's --keep-device-functions is in the table (device code only): no note.
// NOTE-NOT: keep-device-functions
// NOTE-NOT: -Wall
// NOTE-NOT: lineinfo
// NOTE-NOT: diag_suppress
// MISSING: error: '{{.*}}other.cu' is not in the compilation database (its nearest entry is for '{{.*}}app.cu'); rewrite it with its own flags after '--', or build it once so that the database lists it
// MISSING-NOT: error

#include <autotune/autotune.h>
#include <nvcc_database.h>

// What nvcc defines for the command's own options, the preprocessor sees.
#if !defined(FROM_OPTIONS_FILE) || SCALE != 3 || !defined(NDEBUG)
#error "the definitions of the compile command are missing"
#endif
#if !defined(__CUDACC_RELAXED_CONSTEXPR__) || !defined(__CUDACC_RDC__)
#error "nvcc's macros for --expt-relaxed-constexpr and -rdc=true are missing"
#endif

template <int BLOCK> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] *= SCALE;
}

void run(int n, float *y, cudaStream_t s) {
#pragma autotune space(BLOCK = {NVCC_DATABASE_BLOCKS}) key(n)
  scale<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, y);
}
// CHECK: #line 1 "{{.*}}/src/app.cu"
// CHECK: __autotune_site
// CHECK-NOT: {{^}}#pragma autotune
