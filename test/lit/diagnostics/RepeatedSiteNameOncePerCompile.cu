// A CUDA compile runs the plugin in the host job and in each device job; the
// repeated-name warning comes from the host job only, so it is printed once.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda --cuda-host-only -fsyntax-only -Xclang -verify %s
// RUN: %clangxx %autotune %cuda --cuda-device-only -fsyntax-only -Xclang -verify=device %s
// device-no-diagnostics

#include <autotune/autotune.h>

template <int B> __global__ void k(float *x) { x[0] = B; }

void run(float *x) {
#pragma autotune space(B = {1, 2}) name("g") // expected-note {{site 'g' is named here first}}
  k<B><<<1, B>>>(x);
  // expected-warning@+1 {{site name 'g' is already used in this translation unit; this site is tuned separately as 'g#2'}}
#pragma autotune space(B = {1, 2}) name("g")
  k<B><<<1, B>>>(x);
}
