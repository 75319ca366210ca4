// autotune-annotate on the shapes real code bases launch with: each finding
// is checked beside its launch (MSG), each fix in the fixed file (FIX). A
// second run changes nothing, and the fixed file compiles with the plugin.
// REQUIRES: annotate-tool, cuda
// RUN: rm -rf %t && mkdir -p %t/Inputs && cp %s %t/shapes.cu && cp %S/Inputs/launchers.cuh %t/Inputs/
// RUN: %autotune-annotate --fix --export-fixes=%t/fixes.yaml %t/shapes.cu -- -std=c++17 2>&1 \
// RUN:   | %FileCheck %s --check-prefix=MSG
// RUN: %FileCheck %s --check-prefix=FIX --input-file=%t/shapes.cu
// RUN: %FileCheck %s --check-prefix=HEADER --input-file=%t/Inputs/launchers.cuh
// RUN: %FileCheck %s --check-prefix=YAML --input-file=%t/fixes.yaml
// RUN: cp %t/shapes.cu %t/once.cu && cp %t/Inputs/launchers.cuh %t/once.cuh
// RUN: %autotune-annotate --fix %t/shapes.cu -- -std=c++17 2>&1 | %FileCheck %s --check-prefix=AGAIN
// RUN: diff %t/once.cu %t/shapes.cu && diff %t/once.cuh %t/Inputs/launchers.cuh
// RUN: %clangxx %autotune %cuda -fsyntax-only %t/shapes.cu

#include "Inputs/launchers.cuh"

// FIX: {{^}}#include <autotune/autotune.h>
// HEADER: {{^}}#include <autotune/autotune.h>
// HEADER: {{^}}  #pragma autotune space(KTHREADS = pow2(32, 1024)) default(KTHREADS = 256) \
// HEADER-NEXT: {{^}}      key(n)
// HEADER-NEXT: {{^}}  axpyKernel<<<DIV_UP(n, KTHREADS), KTHREADS, 0, s>>>(n, a, x, y);
// MSG: launchers.cuh:16:3: warning: launch of 'axpyKernel' with hand-picked block size 256 ('kThreads'): tune it with '#pragma autotune'
// MSG: note: 'KTHREADS' tunes the block size 256 ('kThreads') over pow2(32, 1024): 'axpyKernel' reads 'blockDim.x'
// MSG: note: 'axpyKernel' reads and writes 'y' in place: tuning runs it many times, so confirm and add 'restore(y[<elements>])' to the pragma

__global__ void scaleKernel(int n, float *out, const float *in) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

// A const local, a grid local computed from it: both move into the launch.
void scaleConstLocal(int n, float *out, const float *in) {
  const int block_size = 512;
  const int grid_size = DIV_UP(n, block_size);
  scaleKernel<<<grid_size, block_size>>>(n, out, in);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'scaleKernel' with hand-picked block size 512 ('block_size'): tune it with '#pragma autotune'
  // FIX: {{^}}void scaleConstLocal(int n, float *out, const float *in) {
  // FIX-NEXT: {{^}}  #pragma autotune space(BLOCK_SIZE = pow2(32, 1024)) \
  // FIX-NEXT: {{^}}      default(BLOCK_SIZE = 512) key(n)
  // FIX-NEXT: {{^}}  scaleKernel<<<DIV_UP(n, BLOCK_SIZE), BLOCK_SIZE>>>(n, out, in);
}

// Literals: the grid's '255' and '256' are the block size.
void scaleLiteral(int n, float *out, const float *in) {
  scaleKernel<<<(n + 255) / 256, 256>>>(n, out, in);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'scaleKernel' with hand-picked block size 256: tune it with '#pragma autotune'
  // FIX: {{^}}  #pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256) key(n)
  // FIX-NEXT: {{^}}  scaleKernel<<<(n + (BLOCK - 1)) / BLOCK, BLOCK>>>(n, out, in);
}

__global__ void transpose(int nx, int ny, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny)
    out[x * ny + y] = in[y * nx + x];
}

// dim3 locals, and the launch in an 'if' fallback on the same line.
void transposeDim3(int nx, int ny, const float *in, float *out) {
  dim3 block(16, 16);
  dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
  if (nx > 0 && ny > 0) transpose<<<grid, block>>>(nx, ny, in, out);
  // MSG: shapes.cu:[[@LINE-1]]:25: warning: launch of 'transpose' with hand-picked block.x 16, block.y 16: tune it with '#pragma autotune'
  // MSG: note: 'BLOCK_X' tunes the block.x 16 over pow2(4, 64): 'transpose' reads 'blockDim.x'
  // FIX: {{^}}  if (nx > 0 && ny > 0){{$}}
  // FIX-NEXT: {{^}}    #pragma autotune space(BLOCK_X = pow2(4, 64), BLOCK_Y = pow2(4, 64)) \
  // FIX-NEXT: {{^}}        where(BLOCK_X * BLOCK_Y <= 1024) default(BLOCK_X = 16, BLOCK_Y = 16) \
  // FIX-NEXT: {{^}}        key(nx, ny)
  // FIX-NEXT: {{^}}    transpose<<<dim3((nx + BLOCK_X - 1) / BLOCK_X, (ny + BLOCK_Y - 1) / BLOCK_Y), dim3(BLOCK_X, BLOCK_Y)>>>(nx, ny, in, out);
}

template <int BLOCK_THREADS>
__global__ void sumKernel(int n, const float *in, float *out) {
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  if (i < n)
    out[blockIdx.x] = in[i];
}

// A function template: the template argument equals the block size.
template <typename T> void sumLauncher(int n, const float *in, float *out) {
  sumKernel<128><<<(n + 127) / 128, 128>>>(n, in, out);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'sumKernel' with hand-picked block size 128, template argument 128: tune it with '#pragma autotune'
  // MSG: note: template argument 128 is taken for the block size 'BLOCK' it equals
  // FIX: {{^}}  sumKernel<BLOCK><<<(n + (BLOCK - 1)) / BLOCK, BLOCK>>>(n, in, out);
}
template void sumLauncher<float>(int, const float *, float *);

// Left alone, with the reason.
__global__ void fixedBlock(float *out) { out[blockIdx.x * 256 + threadIdx.x] = 1; }
void fixedBlockLaunch(int blocks, float *out) {
  fixedBlock<<<blocks, 256>>>(out);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'fixedBlock' with hand-picked block size 256 is left alone
  // MSG: note: 'fixedBlock' reads neither 'blockDim.x' nor an argument that carries the block size: it may rely on 256 threads
}

void gridFromCaller(int blocks, int n, float *out, const float *in) {
  scaleKernel<<<blocks, 256>>>(n, out, in);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'scaleKernel' with hand-picked block size 256 is left alone
  // MSG: note: the grid 'blocks' does not follow the block size, but 'scaleKernel' covers 'blockIdx * blockDim' elements
}

__global__ void sharedSum(const float *in, float *out) {
  __shared__ float partial[128];
  partial[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  out[blockIdx.x] = partial[0];
}
void sharedSumLaunch(int rows, const float *in, float *out) {
  sharedSum<<<rows, 128>>>(in, out);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'sharedSum' with hand-picked block size 128 is left alone
  // MSG: note: 'sharedSum' sizes its shared array 'partial' for 128 elements, the block size
}

#define LAUNCH_SCALE(n, o, i) scaleKernel<<<((n) + 63) / 64, 64>>>(n, o, i)
void macroLaunch(int n, float *out, const float *in) {
  LAUNCH_SCALE(n, out, in);
  // MSG: shapes.cu:[[@LINE-1]]:3: warning: launch of 'scaleKernel' with hand-picked block size 64 is left alone
  // MSG: note: the launch is written by macro 'LAUNCH_SCALE': a pragma cannot be put inside it
}

// Nothing hand-picked: the block size comes from the caller.
void runtimeBlock(int n, int threads, float *out, const float *in) {
  scaleKernel<<<(n + threads - 1) / threads, threads>>>(n, out, in);
}

// MSG: autotune-annotate: 10 launches: 5 to annotate, 4 left alone, 1 with nothing hand-picked, 0 annotated already
// AGAIN: autotune-annotate: 10 launches: 0 to annotate, 4 left alone, 1 with nothing hand-picked, 5 annotated already

// YAML: DiagnosticName:  autotune-annotate
// YAML: Message:         'launch of ''axpyKernel'' with hand-picked block size 256 (''kThreads''): tune it with ''#pragma autotune'''
// YAML: ReplacementText: "#include <autotune/autotune.h>\n"
