// The rewritten source of a CUDA file compiles with nvcc, and nvcc emits
// every variant's kernel; the #line directive keeps nvcc's messages on the
// user's file and lines.
// REQUIRES: cuda, nvcc
// RUN: %clangxx %autotune %cuda -fsyntax-only %rewrite-source=%t.cu %s
// RUN: %FileCheck %s --check-prefix=SRC --input-file=%t.cu
// RUN: %nvcc -ptx %t.cu -o - | %FileCheck %s --check-prefix=PTX
// RUN: %not %nvcc -DBREAK -c %t.cu -o %t.o 2>&1 | %FileCheck %s --check-prefix=LINES

#include <autotune/autotune.h>

template <int BLOCK> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}

void scale_run(int n, float *y) {
#pragma autotune space(BLOCK = pow2(64, 512)) key(n)
  scale<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, y);
#ifdef BREAK
  undeclared_in_user_code(n);
#endif
}
// SRC: #line 1 "{{.*}}NvccCompilesRewrittenSource.cu"
// SRC: void scale_run(int n, float *y) {
// SRC-NEXT: { static constexpr const char *__autotune_params[] = {"BLOCK"};
// SRC-NEXT: scale<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, y); }; ::autotune::CallArgs __autotune_args;
// SRC-NEXT: #ifdef BREAK

// PTX-DAG: .entry _Z5scaleILi64EEviPf(
// PTX-DAG: .entry _Z5scaleILi128EEviPf(
// PTX-DAG: .entry _Z5scaleILi256EEviPf(
// PTX-DAG: .entry _Z5scaleILi512EEviPf(

// LINES: NvccCompilesRewrittenSource.cu(22): error: identifier "undeclared_in_user_code" is undefined
