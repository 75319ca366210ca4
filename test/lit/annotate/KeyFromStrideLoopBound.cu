// A kernel that strides over its work by the grid or the block
// ('i += blockDim.x * gridDim.x', 'c += blockDim.x') does as much work as
// its loop's bound says, whatever the grid: the launch arguments that
// bound is made of are keys, even where the grid and block are numbers.
// A bound that is not made of the kernel's parameters and constants (a
// value read from memory, a global) gives no key the launch can write:
// the launch is left alone, and says so. So is one whose argument is not
// an integer.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/stride.cu
// RUN: %autotune-annotate --fix %t/stride.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/stride.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/stride.cu

#include <cuda_runtime.h>

__global__ void doubleAll(int n, const float *x, float *y) {
  int stride = gridDim.x * blockDim.x;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
    y[i] = 2.0f * x[i];
}

// Literal grid and block: the key is the loop's bound, 'n'.
void gridStrideLiteral(int n, const float *x, float *y) {
  doubleAll<<<132, 256>>>(n, x, y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'doubleAll' with hand-picked block size 256, grid size 132: tune it with '#pragma autotune'
  // FIX: {{^}}      default(BLOCK = 256, GRID = 132) key(n){{$}}
  // FIX-NEXT: {{^}}  doubleAll<<<GRID, BLOCK>>>(n, x, y);
}

// The argument is an expression: its run-time values are the key.
void gridStrideExpression(int rows, int cols, const float *x, float *y) {
  doubleAll<<<132, 256>>>(rows * cols, x, y);
  // FIX: {{^}}      default(BLOCK = 256, GRID = 132) key(rows, cols){{$}}
  // FIX-NEXT: {{^}}  doubleAll<<<GRID, BLOCK>>>(rows * cols, x, y);
}

__global__ void scaleStrided(int rows, int cols, float a, float *y) {
  const int total = rows * cols;
  const int stride = blockDim.x * gridDim.x;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  while (i < total) {
    y[i] *= a;
    i += stride;
  }
}

// A while loop, its bound and stride in locals of the kernel.
void whileStride(int rows, int cols, float a, float *y) {
  scaleStrided<<<64, 128>>>(rows, cols, a, y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'scaleStrided' with hand-picked block size 128, grid size 64: tune it with '#pragma autotune'
  // FIX: {{^}}      default(BLOCK = 128, GRID = 64) key(rows, cols){{$}}
  // FIX-NEXT: {{^}}  scaleStrided<<<GRID, BLOCK>>>(rows, cols, a, y);
}

__global__ void rowNormalize(int cols, float *y) {
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    y[blockIdx.x * cols + c] *= 0.5f;
}

// A block a row, the block striding over the row: the grid is the key,
// and so is the row's length.
void blockStride(int rows, int cols, float *y) {
  rowNormalize<<<rows, 128>>>(cols, y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'rowNormalize' with hand-picked block size 128: tune it with '#pragma autotune'
  // FIX: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 128) \
  // FIX-NEXT: {{^}}      key(rows, cols){{$}}
  // FIX-NEXT: {{^}}  rowNormalize<<<rows, BLOCK>>>(cols, y);
}

__global__ void segmentSums(const int *lengths, const float *x, float *y) {
  for (int i = threadIdx.x; i < lengths[blockIdx.x]; i += blockDim.x)
    atomicAdd(&y[blockIdx.x], x[i]);
}

// The bound is read from memory: no key the launch can write.
void boundFromMemory(int segments, const int *lengths, const float *x,
                     float *y) {
  segmentSums<<<segments, 256>>>(lengths, x, y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'segmentSums' with hand-picked block size 256 is left alone
  // MSG: stride.cu:[[@LINE-9]]:33: note: 'segmentSums' strides over a range bounded by 'lengths[blockIdx.x]', which is not made of its parameters and constants: the launch cannot write the key its work needs; annotate it by hand
  // FIX: {{^}}  segmentSums<<<segments, 256>>>(lengths, x, y);
}

__device__ int deviceCount;
__global__ void countedFill(float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < deviceCount;
       i += blockDim.x * gridDim.x)
    y[i] = 0.0f;
}

// The bound is a global of the device.
void boundFromGlobal(float *y) {
  countedFill<<<80, 256>>>(y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'countedFill' with hand-picked block size 256, grid size 80 is left alone
  // MSG: stride.cu:[[@LINE-9]]:59: note: 'countedFill' strides over a range bounded by 'deviceCount', which is not made of its parameters and constants
}

struct Extent {
  int n;
};
__global__ void fillExtent(Extent e, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < e.n;
       i += blockDim.x * gridDim.x)
    y[i] = 1.0f;
}

// The bound's argument is a struct: it cannot be a key.
void boundFromStruct(Extent e, float *y) {
  fillExtent<<<80, 256>>>(e, y);
  // MSG: stride.cu:[[@LINE-1]]:3: warning: launch of 'fillExtent' with hand-picked block size 256, grid size 80 is left alone
  // MSG: stride.cu:[[@LINE-2]]:27: note: the launch depends on 'e', which is not an integer: it cannot be part of the key; annotate it by hand with a key of the integers it holds
}

__global__ void tileRows(float *y) {
  for (int j = threadIdx.y; j < 32; j += blockDim.y)
    for (int i = threadIdx.x; i < 32; i += blockDim.x)
      y[(blockIdx.x * 32 + j) * 32 + i] = 0.0f;
}

// A constant bound needs no key.
void constantBound(int tiles, float *y) {
  tileRows<<<tiles, dim3(32, 8)>>>(y);
  // FIX: {{^}}      where(BLOCK_X * BLOCK_Y <= 1024) default(BLOCK_X = 32, BLOCK_Y = 8) \
  // FIX-NEXT: {{^}}      key(tiles){{$}}
}

// MSG: autotune-annotate: 8 launches: 5 to annotate, 3 left alone, 0 with nothing hand-picked, 0 annotated already
