// The fingerprint of a CUDA site includes the GPU architectures the program
// is compiled for, read from the GPU binary the host job embeds: adding
// '--cuda-gpu-arch=sm_80' changes it; recompiling for the same architectures
// does not.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda -c %rewrite-source=%t.sm90.cu %s -o %t.sm90.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t.sm90.cu > %t.sm90
// RUN: %clangxx %autotune %cuda -c %rewrite-source=%t.again.cu %s -o %t.again.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t.again.cu > %t.again
// RUN: diff %t.sm90 %t.again
// RUN: %clangxx %autotune %cuda --cuda-gpu-arch=sm_80 -c %rewrite-source=%t.both.cu %s -o %t.both.o
// RUN: grep -o '0x[0-9A-F]*ULL' %t.both.cu > %t.both
// RUN: not diff %t.sm90 %t.both

#include <autotune/autotune.h>

template <int B> __global__ void scale(int n, float *y) {
  int i = blockIdx.x * B + threadIdx.x;
  if (i < n)
    y[i] *= 2;
}

void run(float *y) {
#pragma autotune space(B = {64, 128}) name("scale")
  scale<B><<<(1000 + B - 1) / B, B>>>(1000, y);
}
