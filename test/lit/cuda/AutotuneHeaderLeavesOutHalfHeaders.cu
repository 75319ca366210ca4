// autotune/autotune.h does not bring CUDA's half and bfloat16 headers: they
// cost nvcc 0.5 s in every translation unit (docs/performance.md, "Build
// cost"). autotune/cuda.h does, for code that names __half and included only
// autotune.h before; a site's verify(...) on __half needs neither.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -E %s | %FileCheck %s --implicit-check-not=cuda_fp16.h --implicit-check-not=cuda_bf16.h
// RUN: %clangxx %autotune %cuda --cuda-host-only -E -DWITH_CUDA_H %s | %FileCheck %s --check-prefix=CUDA-H
// RUN: %clangxx %autotune %cuda --cuda-host-only -fsyntax-only -DWITH_CUDA_H -DUSE_HALF %s
// CHECK: autotune/autotune.h
// CUDA-H: cuda_fp16.h
// CUDA-H: cuda_bf16.h

#ifdef WITH_CUDA_H
#include <autotune/cuda.h>
#else
#include <autotune/autotune.h>
#endif

#ifdef USE_HALF
__half twice(__half x) { return __hadd(x, x); }
#endif

template <int B> __global__ void scale(float *y) { y[threadIdx.x] *= B; }

void run(float *y) {
#pragma autotune space(B = {1, 2})
  scale<B><<<1, 32>>>(y);
}
