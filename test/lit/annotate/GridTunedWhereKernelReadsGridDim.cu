// A hand-picked grid is tuned only where the kernel reads gridDim in that
// dimension (a grid-stride loop covers any grid), over the powers of two
// from a quarter to four times its value, and the value; elsewhere each
// block's work depends on the grid, and a note says it is not tuned. Nor is
// a grid written as a number where the kernel reads blockIdx on its own
// (a block's own result, a row a block): memory sized by the same number
// elsewhere would overflow under a larger grid, and a number has no name
// whose uses the tool could check.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/grid.cu
// RUN: %autotune-annotate --fix %t/grid.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/grid.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/grid.cu

#include <cuda_runtime.h>

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void clampAll(int n, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    y[i] = x[i] > 1.0f ? 1.0f : x[i];
}

// A grid-stride loop: the grid 120 is tuned with the block.
void gridStride(int n, const float *x, float *y) {
  clampAll<<<120, 256>>>(n, x, y);
  // MSG: grid.cu:[[@LINE-1]]:3: warning: launch of 'clampAll' with hand-picked block size 256, grid size 120: tune it with '#pragma autotune'
  // MSG: grid.cu:[[@LINE-2]]:14: note: 'GRID' tunes the grid size 120 over {16, 32, 64, 120, 128, 256}: 'clampAll' reads 'gridDim.x'
  // FIX: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024), GRID = {16, 32, 64, 120, 128, 256}) \
  // FIX-NEXT: {{^}}      default(BLOCK = 256, GRID = 120) key(n)
  // FIX-NEXT: {{^}}  clampAll<<<GRID, BLOCK>>>(n, x, y);
}

__global__ void rowScale(int cols, const float *in, float *out) {
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    out[blockIdx.x * cols + c] = 2.0f * in[blockIdx.x * cols + c];
}

// One block a row: the grid is the number of rows, not a tuning choice.
void oneBlockPerRow(int cols, const float *in, float *out) {
  rowScale<<<64, 128>>>(cols, in, out);
  // MSG: grid.cu:[[@LINE-1]]:3: warning: launch of 'rowScale' with hand-picked block size 128, grid size 64: tune it with '#pragma autotune'
  // MSG: grid.cu:[[@LINE-2]]:14: note: the grid size 64 is not tuned: 'rowScale' does not read 'gridDim.x', so each block's work depends on it
  // FIX: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 128) \
  // FIX-NEXT: {{^}}      key(cols){{$}}
  // FIX-NEXT: {{^}}  rowScale<<<64, BLOCK>>>(cols, in, out);
}

__global__ void rowsStride(int rows, int cols, float *y) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = blockIdx.y; r < rows; r += gridDim.y)
    if (c < cols)
      y[r * cols + c] = 1.0f;
}

// Rows start at blockIdx.y: grid.y, a number, is not tuned (a buffer of 16
// rows elsewhere would overflow); grid.x follows the block.
void dim3GridY(int rows, int cols, float *y) {
  dim3 grid(CEIL_DIV(cols, 128), 16);
  rowsStride<<<grid, 128>>>(rows, cols, y);
  // MSG: grid.cu:[[@LINE-1]]:3: warning: launch of 'rowsStride' with hand-picked block size 128, grid.y 16: tune it with '#pragma autotune'
  // MSG: grid.cu:[[@LINE-3]]:34: note: the grid.y 16 is not tuned: it is a number, and 'rowsStride' reads 'blockIdx.y' on its own, so memory may be sized by the grid; name it with a constant used for every such size to have it tuned
  // FIX: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 128) \
  // FIX-NEXT: {{^}}      key(cols, rows){{$}}
  // FIX-NEXT: {{^}}  rowsStride<<<dim3(CEIL_DIV(cols, BLOCK), 16), BLOCK>>>(rows, cols, y);
}

__global__ void partialSums(int n, const float *x, float *partial) {
  float S = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    S += x[i];
  if (threadIdx.x == 0)
    partial[blockIdx.x] = S; // one result a block: 'partial' holds 64
}

// A grid-stride loop, but a result a block: the grid 64 is not tuned.
void perBlockResults(int n, const float *x, float *partial) {
  partialSums<<<64, 256>>>(n, x, partial);
  // MSG: grid.cu:[[@LINE-1]]:3: warning: launch of 'partialSums' with hand-picked block size 256, grid size 64: tune it with '#pragma autotune'
  // MSG: grid.cu:[[@LINE-2]]:17: note: the grid size 64 is not tuned: it is a number, and 'partialSums' reads 'blockIdx.x' on its own, so memory may be sized by the grid; name it with a constant used for every such size to have it tuned
}

// MSG: autotune-annotate: 4 launches: 4 to annotate, 0 left alone, 0 with nothing hand-picked, 0 annotated already
