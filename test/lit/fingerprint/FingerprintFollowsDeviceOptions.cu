// The options that reach only the device side of a CUDA compile change the
// site fingerprint, by class: the device compiler's ('-Xarch_device'),
// ptxas's ('-Xcuda-ptxas', '--maxrregcount' through it), fatbinary's
// ('-Xcuda-fatbinary') and device debugging ('-g --cuda-noopt-device-debug').
// The host job never sees them; it reads their effect in the device code of
// the GPU binary it embeds. A comment keeps the fingerprint, with line
// information ('-Xcuda-ptxas -lineinfo') too, and so does the object's name
// (a static device variable that host code names is called by it).
// REQUIRES: cuda
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/k.cu
// RUN: %clangxx %autotune %cuda -O2 -c %rewrite-source=%t/base.cu %t/k.cu -o %t/base.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/base.cu > %t/base && test -s %t/base
// RUN: %clangxx %autotune %cuda -O2 -c %rewrite-source=%t/again.cu %t/k.cu -o %t/other-name.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/again.cu > %t/again
// RUN: diff %t/base %t/again

// The device compiler.
// RUN: %clangxx %autotune %cuda -O2 -Xarch_device -O0 -c %rewrite-source=%t/devo0.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/devo0.cu > %t/devo0
// RUN: not diff %t/base %t/devo0
// RUN: %clangxx %autotune %cuda -O2 -Xarch_device -ffast-math -c %rewrite-source=%t/devfast.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/devfast.cu > %t/devfast
// RUN: not diff %t/base %t/devfast

// ptxas.
// RUN: %clangxx %autotune %cuda -O2 -Xcuda-ptxas -O0 -c %rewrite-source=%t/ptxaso0.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/ptxaso0.cu > %t/ptxaso0
// RUN: not diff %t/base %t/ptxaso0
// RUN: %clangxx %autotune %cuda -O2 -Xcuda-ptxas --maxrregcount=32 -c %rewrite-source=%t/regs.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/regs.cu > %t/regs
// RUN: not diff %t/base %t/regs

// fatbinary, and device debugging.
// RUN: %clangxx %autotune %cuda -O2 -Xcuda-fatbinary -compress-all -c %rewrite-source=%t/compress.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/compress.cu > %t/compress
// RUN: not diff %t/base %t/compress
// ('--cuda-noopt-device-debug' acts with '-g' only.)
// RUN: %clangxx %autotune %cuda -O2 -g -c %rewrite-source=%t/g.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/g.cu > %t/g
// RUN: %clangxx %autotune %cuda -O2 -g --cuda-noopt-device-debug -c %rewrite-source=%t/debug.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/debug.cu > %t/debug
// RUN: not diff %t/g %t/debug

// A comment added above the kernel, with line information: kept.
// RUN: %clangxx %autotune %cuda -O2 -Xcuda-ptxas -lineinfo -c %rewrite-source=%t/lines.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/lines.cu > %t/lines
// RUN: sed -i 's,^// Kernel.,// Kernel.\n// A comment of a line more.,' %t/k.cu
// RUN: %clangxx %autotune %cuda -O2 -Xcuda-ptxas -lineinfo -c %rewrite-source=%t/comment.cu %t/k.cu -o %t/o.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t/comment.cu > %t/comment
// RUN: diff %t/lines %t/comment

#include <autotune/autotune.h>

static __device__ int Calls;

// Kernel.
template <int B> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * B + threadIdx.x;
  float v = y[i];
  for (int k = 0; k < 16; ++k)
    v = v * 1.5f + 1.0f / (v + k);
  if (i < n)
    y[i] = v;
  if (i == 0)
    ++Calls;
}

int calls() {
  int c = 0;
  cudaMemcpyFromSymbol(&c, Calls, sizeof c);
  return c;
}

void run(float *y) {
#pragma autotune space(B = {64, 128}) name("scale")
  scale<B><<<(1000 + B - 1) / B, B>>>(1000, y);
}
