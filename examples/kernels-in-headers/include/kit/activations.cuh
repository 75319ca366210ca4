// Found through the include path (<kit/activations.cuh>, -Iinclude): the
// mirror's include directory must come first on nvcc's include path.
#ifndef KIH_KIT_ACTIVATIONS_CUH
#define KIH_KIT_ACTIVATIONS_CUH

#include <autotune/autotune.h>
#include <kit/config.h>

template <int BLOCK> __global__ void clampBelow(int n, float floor, float *x) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n && x[I] < floor)
    x[I] = floor;
}

inline void clampBelowRun(int n, float *x, cudaStream_t s) {
#pragma autotune space(BLOCK = {64, 128, 256}) key(n)
  clampBelow<BLOCK>
      <<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, kit::Limits<>::Floor, x);
}

#endif // KIH_KIT_ACTIVATIONS_CUH
