#include <autotune/autotune.h>
template <int B> __global__ void fill(int *x) { x[threadIdx.x] = B; }
inline void fillRun(int *x) {
#pragma autotune space(B = SHARED_VALUES)
  fill<B><<<1, 32>>>(x);
}
