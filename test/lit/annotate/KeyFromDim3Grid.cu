// A 'dim3' the launch reads as it is (a grid that does not follow the
// tuned block size) is keyed by the run-time values of its components
// where they still hold at the launch; a 'dim3' changed after its
// declaration, or one from the caller, by its components 'grid.x, grid.y,
// grid.z'. So is the part of a tuned 'dim3' block that is not tuned; the
// 'where' that keeps a block within 1024 threads names only the parameters
// and numbers (the plugin evaluates it), and a variant over the limit at
// run time fails to launch and is skipped.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/dim3.cu
// RUN: %autotune-annotate --fix %t/dim3.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/dim3.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/dim3.cu

#include <cuda_runtime.h>

// Each block fills a tile of its own, striding over it by the block.
__global__ void tileFill(float *y) {
  float *tile = y + (blockIdx.y * gridDim.x + blockIdx.x) * 1024;
  for (int j = threadIdx.x; j < 1024; j += blockDim.x)
    tile[j] = 0.0f;
}

// The grid's components are computed once and only read: they are the key.
void tilesOnlyRead(int nx, int ny, float *y) {
  dim3 grid(nx / 32, ny / 32);
  tileFill<<<grid, 256>>>(y);
  // MSG: dim3.cu:[[@LINE-1]]:3: warning: launch of 'tileFill' with hand-picked block size 256: tune it with '#pragma autotune'
  // MSG-NOT: not an integer
  // FIX: {{^}}  dim3 grid(nx / 32, ny / 32);
  // FIX-NEXT: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256) \
  // FIX-NEXT: {{^}}      key(nx, ny){{$}}
  // FIX-NEXT: {{^}}  tileFill<<<grid, BLOCK>>>(y);
}

// A component changed after the declaration: the key reads the grid itself.
void tilesChanged(int nx, int batch, float *y) {
  dim3 grid(nx / 32);
  if (batch > 1)
    grid.y = batch;
  tileFill<<<grid, 256>>>(y);
  // FIX: {{^}}      key(grid.x, grid.y, grid.z){{$}}
  // FIX-NEXT: {{^}}  tileFill<<<grid, BLOCK>>>(y);
}

// A variable the components read is changed before the launch.
void tilesInputChanged(int nx, float *y) {
  int tiles = nx / 32;
  dim3 grid(tiles);
  tiles = 0;
  tileFill<<<grid, 256>>>(y);
  // FIX: {{^}}      key(grid.x, grid.y, grid.z){{$}}
  // FIX-NEXT: {{^}}  tileFill<<<grid, BLOCK>>>(y);
}

// The grid comes from the caller.
void tilesFromCaller(dim3 grid, float *y) {
  tileFill<<<grid, 256>>>(y);
  // FIX: {{^}}      key(grid.x, grid.y, grid.z){{$}}
  // FIX-NEXT: {{^}}  tileFill<<<grid, BLOCK>>>(y);
}

__global__ void tileRows(float *y) {
  for (int j = threadIdx.y; j < 32; j += blockDim.y)
    for (int i = threadIdx.x; i < 32; i += blockDim.x)
      y[(blockIdx.x * 32 + j) * 32 + i] = 0.0f;
}

// A tuned block whose y comes from the caller: it is part of the key.
void rowsFromCaller(int tiles, int rowsPerBlock, float *y) {
  dim3 block(32, rowsPerBlock);
  tileRows<<<tiles, block>>>(y);
  // FIX: {{^}}  #pragma autotune space(BLOCK_X = pow2(8, 128)) default(BLOCK_X = 32) \
  // FIX-NEXT: {{^}}      key(tiles, rowsPerBlock){{$}}
  // FIX-NEXT: {{^}}  tileRows<<<tiles, dim3(BLOCK_X, rowsPerBlock)>>>(y);
}

// MSG: autotune-annotate: 5 launches: 5 to annotate, 0 left alone, 0 with nothing hand-picked, 0 annotated already
