// Launchers as libraries keep them in headers: the block size a constant of
// the function, the grid a macro's ceil-division, a stream passed through.
#pragma once
#include <cuda_runtime.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

// y = a * x + y, in place.
__global__ void axpyKernel(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = fmaf(a, x[i], y[i]); // fused in both builds: the same bits
}

inline void axpy(int n, float a, const float *x, float *y, cudaStream_t s) {
  constexpr int kThreads = 256;
  axpyKernel<<<CEIL_DIV(n, kThreads), kThreads, 0, s>>>(n, a, x, y);
}

template <typename T>
__global__ void scaleCopyKernel(int n, T alpha, const T *in, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = alpha * in[i];
}

// A function template, with the grid in a local of its own.
template <typename T>
void scaleCopy(int n, T alpha, const T *in, T *out, cudaStream_t s) {
  const int threads = 128;
  const int blocks = CEIL_DIV(n, threads);
  scaleCopyKernel<T><<<blocks, threads, 0, s>>>(n, alpha, in, out);
}
