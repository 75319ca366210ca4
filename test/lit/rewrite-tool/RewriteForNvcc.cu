// autotune-rewrite runs only the preprocessor: it rewrites CUDA code for
// nvcc, reads flags after '--', writes one file with -o or several under
// --out-dir, never overwrites its input, and fails on a malformed pragma.
// REQUIRES: rewrite-tool, nvcc
// RUN: rm -rf %t && mkdir -p %t/out
// RUN: %autotune-rewrite %s -o %t/one.cu -- -std=c++17 -I%S/../../../runtime/include -DSCALE=3
// RUN: %FileCheck %s --input-file=%t/one.cu
// RUN: %nvcc -ptx %t/one.cu -o - | %FileCheck %s --check-prefix=PTX
// RUN: cp %s %t/a.cu && cp %s %t/b.cu
// RUN: %autotune-rewrite --out-dir %t/out %t/a.cu %t/b.cu -- -std=c++17 -I%S/../../../runtime/include
// RUN: %FileCheck %s --input-file=%t/out/a.cu && %FileCheck %s --input-file=%t/out/b.cu
// RUN: %not %autotune-rewrite %t/a.cu -o %t/a.cu -- -I%S/../../../runtime/include 2>&1 | %FileCheck %s --check-prefix=SAME
// RUN: %not %autotune-rewrite %s -o %t/bad.cu -- -std=c++17 -I%S/../../../runtime/include -DBAD 2>&1 | %FileCheck %s --check-prefix=BAD

#include <autotune/autotune.h>

#ifndef SCALE
#define SCALE 2
#endif

template <int BLOCK> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * BLOCK + threadIdx.x;
  if (i < n)
    y[i] *= SCALE;
}

void run(int n, float *y, cudaStream_t s) {
#ifdef BAD
#pragma autotune space(BLOCK = {}) key(n)
#else
#pragma autotune space(BLOCK = {128, 256}) key(n)
#endif
  scale<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, y);
}
// CHECK: #line 1 "{{.*}}.cu"
// CHECK: y[i] *= SCALE;
// CHECK: #pragma autotune space(BLOCK = {}) key(n)
// CHECK-NEXT: #else
// CHECK-NEXT: { static constexpr const char *__autotune_params[] = {"BLOCK"}; static constexpr long long __autotune_points[] = {128, 256};
// CHECK-SAME: ::autotune::Form::Launch
// CHECK-NEXT: #endif
// CHECK-NEXT: scale<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, y); };
// CHECK-SAME: __autotune_args.Stream = ::autotune::streamHandle(s);

// PTX-DAG: .entry _Z5scaleILi128EEviPf(
// PTX-DAG: .entry _Z5scaleILi256EEviPf(

// SAME: refusing to overwrite the input

// BAD: error: empty value list for parameter 'BLOCK'
