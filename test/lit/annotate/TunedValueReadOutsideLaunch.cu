// A launch is left alone where code outside it reads the tuned value or a
// local computed from it: there it would keep the hand-picked value while
// the launch runs another. Another launch's configuration may share the
// constant (each launch is tuned by itself), and a local moved into a
// launch in a function template may read the function's parameters.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/outside.cu
// RUN: %autotune-annotate --fix %t/outside.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/outside.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/outside.cu

#include <cuda_runtime.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void partialSums(int n, const float *in, float *partials) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(&partials[blockIdx.x], in[i]);
}

// The host reads 'blocks' partials: the grid the launch computes must be it.
void gridReadAfter(int n, const float *in, float *partials, float *host) {
  const int threads = 256;
  const int blocks = CEIL_DIV(n, threads);
  partialSums<<<blocks, threads>>>(n, in, partials);
  cudaMemcpy(host, partials, blocks * sizeof(float), cudaMemcpyDeviceToHost);
  // MSG: outside.cu:[[@LINE-2]]:3: warning: launch of 'partialSums' with hand-picked block size 256 ('threads') is left alone
  // MSG: outside.cu:[[@LINE-2]]:30: note: 'blocks' is computed from the tuned value and also read outside the launch: here it would keep the hand-picked value while the launch runs another; compute what depends on it inside the launch, or leave it fixed
  // FIX: {{^}}  const int blocks = CEIL_DIV(n, threads);
  // FIX-NEXT: {{^}}  partialSums<<<blocks, threads>>>(n, in, partials);
}

// The buffer is sized by the block size.
void blockSizeReadBefore(int n, const float *in, float **partials) {
  const int threads = 128;
  cudaMalloc(partials, CEIL_DIV(n, threads) * sizeof(float));
  partialSums<<<CEIL_DIV(n, threads), threads>>>(n, in, *partials);
  // MSG: outside.cu:[[@LINE-2]]:36: note: 'threads' is tuned and also read outside the launch
  // FIX: {{^}}  partialSums<<<CEIL_DIV(n, threads), threads>>>(n, in, *partials);
}

__global__ void scale(int n, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] *= 2.0f;
}

// Two launches share the constant: each is annotated.
void twoLaunches(int n, float *y, float *z) {
  const int threads = 512;
  scale<<<CEIL_DIV(n, threads), threads>>>(n, y);
  scale<<<CEIL_DIV(n, threads), threads>>>(n, z);
  // FIX: {{^}}  const int threads = 512;
  // FIX-NEXT: {{^}}  #pragma autotune space(THREADS = pow2(32, 1024)) default(THREADS = 512) \
  // FIX-NEXT: {{^}}      key(n)
  // FIX-NEXT: {{^}}  scale<<<CEIL_DIV(n, THREADS), THREADS>>>(n, y);
  // FIX-NEXT: {{^}}  #pragma autotune space(THREADS = pow2(32, 1024)) default(THREADS = 512) \
  // FIX-NEXT: {{^}}      key(n)
  // FIX-NEXT: {{^}}  scale<<<CEIL_DIV(n, THREADS), THREADS>>>(n, z);
}

template <typename T> __global__ void fill(int n, T value, T *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = value;
}

// In a function template the kernel's arguments are dependent: 'n' passed
// to it is still only read, and the grid local moves.
template <typename T> void fillAll(int n, T value, T *out) {
  const int threads = 128;
  const int blocks = CEIL_DIV(n, threads);
  fill<T><<<blocks, threads>>>(n, value, out);
  // MSG: outside.cu:[[@LINE-1]]:3: warning: launch of 'fill' with hand-picked block size 128 ('threads'): tune it with '#pragma autotune'
  // FIX: {{^}}  #pragma autotune space(THREADS = pow2(32, 1024)) default(THREADS = 128) \
  // FIX-NEXT: {{^}}      key(n)
  // FIX-NEXT: {{^}}  fill<T><<<CEIL_DIV(n, THREADS), THREADS>>>(n, value, out);
}
template void fillAll<float>(int, float, float *);

// MSG: autotune-annotate: 5 launches: 3 to annotate, 2 left alone, 0 with nothing hand-picked, 0 annotated already
