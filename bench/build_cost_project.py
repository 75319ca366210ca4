#!/usr/bin/env python3
"""Writes the build-cost benchmark's project (bench/build_cost.sh) in three
forms: 20 launch sites of 5 to 9 points (3 for matmul's tile), in ten headers
of kernels and launchers that one train.cu includes, the layout of llm.c.

  tuned/   each site under #pragma autotune (what the user compiles)
  plain/   each site with its default point written in (the unannotated build)
  byhand/  each site a switch over the same points, no autotune: what any
           ahead-of-time tuner compiles, the floor of an annotated build

    bench/build_cost_project.py DIR
"""
import itertools
import os
import sys

# name: (kernel template, space, default, launch, parameters, clause)
KERNELS = {
    'scale': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void scaleK(int n, T a, const T *x, T *y) {
  int f = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = f + k * BLOCK;
    if (i < n) y[i] = a * x[i] + y[i];
  }
}''', 'BLOCK = {64, 128, 256, 512}, ITEMS = {1, 2}', 'BLOCK = 256, ITEMS = 1',
              'scaleK<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, x, y);',
              'int n, T a, const T *x, T *y', ' restore(y[n])'),
    'gelu': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void geluK(int n, const T *x, T *y) {
  int f = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = f + k * BLOCK;
    if (i < n) {
      float v = (float)x[i];
      float c = 0.7978845608f * (v + 0.044715f * v * v * v);
      y[i] = (T)(0.5f * v * (1.0f + tanhf(c)));
    }
  }
}''', 'BLOCK = {128, 256, 512}, ITEMS = {1, 2, 4}', 'BLOCK = 256, ITEMS = 1',
             'geluK<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, x, y);',
             'int n, const T *x, T *y', ''),
    'layernorm': ('''template <int BLOCK, typename T>
__global__ void layernormK(int rows, int cols, const T *x, const T *w, T *y) {
  __shared__ float part[BLOCK / 32 + 1];
  __shared__ float stat[2];
  const T *r = x + (size_t)blockIdx.x * cols;
  float s = 0, q = 0;
  for (int c = threadIdx.x; c < cols; c += BLOCK) {
    float v = (float)r[c];
    s += v;
    q += v * v;
  }
  for (int o = 16; o > 0; o /= 2) {
    s += __shfl_xor_sync(0xffffffff, s, o);
    q += __shfl_xor_sync(0xffffffff, q, o);
  }
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < BLOCK / 32; ++i) t += part[i];
    stat[0] = t / cols;
  }
  __syncthreads();
  if (threadIdx.x % 32 == 0) part[threadIdx.x / 32] = q;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int i = 0; i < BLOCK / 32; ++i) t += part[i];
    stat[1] = rsqrtf(t / cols - stat[0] * stat[0] + 1e-5f);
  }
  __syncthreads();
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    y[(size_t)blockIdx.x * cols + c] = (T)(((float)r[c] - stat[0]) * stat[1] * (float)w[c]);
}''', 'BLOCK = {32, 64, 128, 256, 512, 1024}', 'BLOCK = 256',
                  'layernormK<BLOCK><<<rows, BLOCK, 0, s>>>(rows, cols, x, w, y);',
                  'int rows, int cols, const T *x, const T *w, T *y', ''),
    'softmax': ('''template <int BLOCK, typename T>
__global__ void softmaxK(int rows, int cols, const T *x, T *y) {
  __shared__ float red[BLOCK];
  const T *r = x + (size_t)blockIdx.x * cols;
  float m = -1e30f;
  for (int c = threadIdx.x; c < cols; c += BLOCK) m = fmaxf(m, (float)r[c]);
  red[threadIdx.x] = m;
  __syncthreads();
  for (int h = BLOCK / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) red[threadIdx.x] = fmaxf(red[threadIdx.x], red[threadIdx.x + h]);
    __syncthreads();
  }
  m = red[0];
  __syncthreads();
  float s = 0;
  for (int c = threadIdx.x; c < cols; c += BLOCK) s += expf((float)r[c] - m);
  red[threadIdx.x] = s;
  __syncthreads();
  for (int h = BLOCK / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
    __syncthreads();
  }
  s = red[0];
  for (int c = threadIdx.x; c < cols; c += BLOCK)
    y[(size_t)blockIdx.x * cols + c] = (T)(expf((float)r[c] - m) / s);
}''', 'BLOCK = {64, 128, 256, 512, 1024}', 'BLOCK = 256',
                'softmaxK<BLOCK><<<rows, BLOCK, 0, s>>>(rows, cols, x, y);',
                'int rows, int cols, const T *x, T *y', ''),
    'sum': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void sumK(int n, const T *x, float *out) {
  __shared__ float red[BLOCK];
  float acc = 0;
  for (int b = blockIdx.x * BLOCK * ITEMS + threadIdx.x; b < n; b += gridDim.x * BLOCK * ITEMS)
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
      if (b + k * BLOCK < n) acc += (float)x[b + k * BLOCK];
  red[threadIdx.x] = acc;
  __syncthreads();
  for (int h = BLOCK / 2; h > 0; h /= 2) {
    if (threadIdx.x < h) red[threadIdx.x] += red[threadIdx.x + h];
    __syncthreads();
  }
  if (threadIdx.x == 0) atomicAdd(out, red[0]);
}''', 'BLOCK = {128, 256, 512}, ITEMS = {1, 2, 4}', 'BLOCK = 256, ITEMS = 1',
            'sumK<BLOCK, ITEMS><<<1024, BLOCK, 0, s>>>(n, x, out);',
            'int n, const T *x, float *out', ''),
    'transpose': ('''template <int TILE, int ROWS, typename T>
__global__ void transposeK(int h, int w, const T *x, T *y) {
  __shared__ T tile[TILE][TILE + 1];
  int c = blockIdx.x * TILE + threadIdx.x, r = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (c < w && r + j < h) tile[threadIdx.y + j][threadIdx.x] = x[(size_t)(r + j) * w + c];
  __syncthreads();
  c = blockIdx.y * TILE + threadIdx.x;
  r = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS)
    if (c < h && r + j < w) y[(size_t)(r + j) * h + c] = tile[threadIdx.x][threadIdx.y + j];
}''', 'TILE = {16, 32}, ROWS = {4, 8, 16}', 'TILE = 32, ROWS = 8',
                  'transposeK<TILE, ROWS><<<dim3((w + TILE - 1) / TILE, (h + TILE - 1) / TILE), dim3(TILE, ROWS), 0, s>>>(h, w, x, y);',
                  'int h, int w, const T *x, T *y', ''),
    'matmul': ('''template <int TILE, typename T>
__global__ void matmulK(int n, const T *a, const T *b, T *c) {
  __shared__ float as[TILE][TILE], bs[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y, col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0;
  for (int t = 0; t < n; t += TILE) {
    as[threadIdx.y][threadIdx.x] = (row < n && t + threadIdx.x < n) ? (float)a[(size_t)row * n + t + threadIdx.x] : 0.f;
    bs[threadIdx.y][threadIdx.x] = (col < n && t + threadIdx.y < n) ? (float)b[(size_t)(t + threadIdx.y) * n + col] : 0.f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k) acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n) c[(size_t)row * n + col] = (T)acc;
}''', 'TILE = {8, 16, 32}', 'TILE = 16',
               'matmulK<TILE><<<dim3((n + TILE - 1) / TILE, (n + TILE - 1) / TILE), dim3(TILE, TILE), 0, s>>>(n, a, b, c);',
               'int n, const T *a, const T *b, T *c', ''),
    'adamw': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void adamwK(int n, T *p, const T *g, float *m, float *v, float lr) {
  int f = blockIdx.x * BLOCK * ITEMS + threadIdx.x;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    int i = f + k * BLOCK;
    if (i >= n) return;
    float gi = (float)g[i];
    float mi = 0.9f * m[i] + 0.1f * gi, vi = 0.999f * v[i] + 0.001f * gi * gi;
    m[i] = mi;
    v[i] = vi;
    p[i] = (T)((float)p[i] - lr * (mi / (sqrtf(vi) + 1e-8f) + 0.01f * (float)p[i]));
  }
}''', 'BLOCK = {128, 256, 512}, ITEMS = {1, 2}', 'BLOCK = 256, ITEMS = 1',
              'adamwK<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, p, g, m, v, lr);',
              'int n, T *p, const T *g, float *m, float *v, float lr', ''),
    'hist': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void histK(int n, const T *x, unsigned *bins) {
  __shared__ unsigned local[256];
  for (int i = threadIdx.x; i < 256; i += BLOCK) local[i] = 0;
  __syncthreads();
  for (int b = blockIdx.x * BLOCK * ITEMS + threadIdx.x; b < n; b += gridDim.x * BLOCK * ITEMS)
#pragma unroll
    for (int k = 0; k < ITEMS; ++k)
      if (b + k * BLOCK < n) atomicAdd(&local[((unsigned)(float)x[b + k * BLOCK]) & 255u], 1u);
  __syncthreads();
  for (int i = threadIdx.x; i < 256; i += BLOCK) atomicAdd(&bins[i], local[i]);
}''', 'BLOCK = {128, 256, 512}, ITEMS = {1, 2, 4}', 'BLOCK = 256, ITEMS = 1',
             'histK<BLOCK, ITEMS><<<512, BLOCK, 0, s>>>(n, x, bins);',
             'int n, const T *x, unsigned *bins', ''),
    'residual': ('''template <int BLOCK, int ITEMS, typename T>
__global__ void residualK(int n, const T *a, const T *b, T *y) {
  int f = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k)
    if (f + k < n) y[f + k] = a[f + k] + b[f + k];
}''', 'BLOCK = {64, 128, 256, 512}, ITEMS = {1, 4}', 'BLOCK = 256, ITEMS = 1',
                 'residualK<BLOCK, ITEMS><<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, a, b, y);',
                 'int n, const T *a, const T *b, T *y', ''),
}

CALLS = {
    'scale': 'scale{S}(n, 2, x{S}, y{S}, 0);',
    'gelu': 'gelu{S}(n, x{S}, y{S}, 0);',
    'layernorm': 'layernorm{S}(1024, 1024, x{S}, x{S}, y{S}, 0);',
    'softmax': 'softmax{S}(1024, 1024, x{S}, y{S}, 0);',
    'sum': 'sum{S}(n, x{S}, m, 0);',
    'transpose': 'transpose{S}(1024, 1024, x{S}, y{S}, 0);',
    'matmul': 'matmul{S}(512, x{S}, x{S}, y{S}, 0);',
    'adamw': 'adamw{S}(n, x{S}, y{S}, m, v, 1e-3f, 0);',
    'hist': 'hist{S}(n, x{S}, bins, 0);',
    'residual': 'residual{S}(n, x{S}, x{S}, y{S}, 0);',
}


def values(space):
    """[(name, [value, ...]), ...] of 'A = {1, 2}, B = {3}'."""
    out = []
    for part in space.split('}'):
        if '=' in part:
            name, vals = part.strip(', ').split('=')
            out.append((name.strip(), [v.strip() for v in vals.strip(' {').split(',')]))
    return out


def site(form, space, default, launch, clause):
    if form == 'tuned':
        return f'#pragma autotune space({space}) default({default}) key(n){clause}\n  {launch}'
    if form == 'plain':
        return f'constexpr int {default};\n  {launch}'
    names = values(space)
    cases = []
    for i, combo in enumerate(itertools.product(*[v for _, v in names])):
        decl = ' '.join(f'constexpr int {n} = {v};' for (n, _), v in zip(names, combo))
        cases.append(f'  case {i}: {{\n    {decl}\n    {launch}\n    break;\n  }}')
    return 'switch (chosenPoint) {\n' + '\n'.join(cases) + '\n  }'


def write(root, form):
    os.makedirs(f'{root}/{form}/ops', exist_ok=True)
    for name, (kernel, space, default, launch, params, clause) in KERNELS.items():
        text = ['#pragma once', '#include <cuda_runtime.h>']
        text.append('#include <autotune/autotune.h>' if form == 'tuned' else 'extern int chosenPoint;')
        text += ['', kernel, '']
        for ty, suffix in (('float', 'F'), ('double', 'D')):
            args = params.replace('T ', ty + ' ')
            # key(n): the first parameter, renamed n where it is not
            first = args.split(',')[0].split()[-1]
            body = site(form, space, default, launch, clause).replace('key(n)', f'key({first})')
            text.append(f'inline void {name}{suffix}({args}, cudaStream_t s) {{\n  {body}\n}}\n')
        with open(f'{root}/{form}/ops/{name}.cuh', 'w') as f:
            f.write('\n'.join(text))
    with open(f'{root}/{form}/train.cu', 'w') as f:
        for name in KERNELS:
            f.write(f'#include "ops/{name}.cuh"\n')
        f.write('#include <cstdio>\n\n')
        if form != 'tuned':
            f.write('int chosenPoint = 0;\n\n')
        f.write('int main() {\n  const int n = 1 << 20;\n  float *xF, *yF, *m, *v;\n  double *xD, *yD;\n'
                '  unsigned *bins;\n  cudaMalloc(&xF, n * 4);\n  cudaMalloc(&yF, n * 4);\n'
                '  cudaMalloc(&m, n * 4);\n  cudaMalloc(&v, n * 4);\n  cudaMalloc(&xD, n * 8);\n'
                '  cudaMalloc(&yD, n * 8);\n  cudaMalloc(&bins, 1024);\n')
        for call in CALLS.values():
            for suffix in 'FD':
                f.write('  ' + call.replace('{S}', suffix) + '\n')
        f.write('  std::printf("%d\\n", (int)cudaDeviceSynchronize());\n}\n')


if __name__ == '__main__':
    for form in ('tuned', 'plain', 'byhand'):
        write(sys.argv[1], form)
