// autotune-annotate removes the hand-picked constant a tuned 'dim3' was
// built from when the fix leaves nothing that reads it, and keeps it, with
// the fix still compiling, when other code reads it.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/leftover.cu
// RUN: %autotune-annotate --fix %t/leftover.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/leftover.cu
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/leftover.cu

#define CEIL_DIV(a, b) (((a) + (b) - 1) / (b))

__global__ void strideCopy(int n, const float *in, float *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i];
}

// Only the dim3 reads 'block_size': both go.
void onlyTheDim3(int n, int blocks, const float *in, float *out) {
  const int block_size = 256;
  dim3 block(block_size);
  strideCopy<<<blocks, block>>>(n, in, out);
  // MSG: leftover.cu:[[@LINE-1]]:3: warning: launch of 'strideCopy' with hand-picked block.x 256 ('block_size'): tune it with '#pragma autotune'
  // FIX: {{^}}void onlyTheDim3(int n, int blocks, const float *in, float *out) {
  // FIX-NEXT: {{^}}  #pragma autotune space(BLOCK_SIZE_X = pow2(32, 1024)) \
  // FIX-NEXT: {{^}}      default(BLOCK_SIZE_X = 256) key(blocks, n)
  // FIX-NEXT: {{^}}  strideCopy<<<blocks, dim3(BLOCK_SIZE_X)>>>(n, in, out);
}

// The grid reads 'block_size' too: it stays, and the grid keeps its value
// (a grid-stride loop covers n with any grid).
void theGridReadsIt(int n, const float *in, float *out) {
  const int block_size = 128;
  dim3 block(block_size);
  dim3 grid(CEIL_DIV(n, block_size));
  strideCopy<<<grid, block>>>(n, in, out);
  // MSG: leftover.cu:[[@LINE-1]]:3: warning: launch of 'strideCopy' with hand-picked block.x 128 ('block_size'): tune it with '#pragma autotune'
  // FIX: {{^}}void theGridReadsIt(int n, const float *in, float *out) {
  // FIX-NEXT: {{^}}  const int block_size = 128;
  // FIX-NEXT: {{^}}  dim3 grid(CEIL_DIV(n, block_size));
  // FIX-NEXT: {{^}}  #pragma autotune space(BLOCK_SIZE_X = pow2(32, 1024)) \
  // FIX-NEXT: {{^}}      default(BLOCK_SIZE_X = 128)
  // FIX-NEXT: {{^}}  strideCopy<<<grid, dim3(BLOCK_SIZE_X)>>>(n, in, out);
}

// The launch's shared memory reads it: it stays.
void theLaunchReadsIt(int n, int blocks, const float *in, float *out) {
  const int block_size = 64;
  dim3 block(block_size);
  strideCopy<<<blocks, block, block_size * sizeof(float)>>>(n, in, out);
  // MSG: leftover.cu:[[@LINE-1]]:3: warning: launch of 'strideCopy' with hand-picked block.x 64 ('block_size'): tune it with '#pragma autotune'
  // FIX: {{^}}void theLaunchReadsIt(int n, int blocks, const float *in, float *out) {
  // FIX-NEXT: {{^}}  const int block_size = 64;
  // FIX-NEXT: {{^}}  #pragma autotune
}
