// autotune-rewrite runs no parser, yet reports misplaced pragmas as the
// plugin does: outside any function body, inside a __global__ or __device__
// function (found from the tokens read so far), and above a definition, with
// one message saying where the pragma belongs. It writes nothing then.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %autotune-rewrite %s -o %t/out.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// RUN: test ! -e %t/out.cu

#include <autotune/autotune.h>

template <int B> __global__ void step(int *x) { x[threadIdx.x] = B; }

#pragma autotune space(B = {1, 2}) key()
int value = B;
// CHECK: PlacementErrors.cu:[[@LINE-2]]:9: error: '#pragma autotune' must be inside a function body

__global__ void global_function(int *x) {
  int unused[2] = {0, 1};
#pragma autotune space(B = {1, 2}) key()
  step<B><<<1, 1>>>(x + unused[0]);
  // CHECK: PlacementErrors.cu:[[@LINE-2]]:9: error: '#pragma autotune' cannot be used in device code ('global_function' is a __global__ function)
}

#define DEVICE __device__
DEVICE void device_function(int *x) {
  for (int i = 0; i < 2; ++i) {
#pragma autotune space(B = {1, 2}) key()
    x[i] = B;
    // CHECK: PlacementErrors.cu:[[@LINE-2]]:9: error: '#pragma autotune' cannot be used in device code ('device_function' is a __device__ function)
  }
}

#pragma autotune space(B = {64, 128})
template <int B> __global__ void scale(float *x) { x[threadIdx.x] *= B; }
// CHECK: PlacementErrors.cu:[[@LINE-2]]:9: error: '#pragma autotune' tunes a statement, not the definition of 'scale': put it inside the host function that launches the kernel, right above the launch statement

#pragma autotune space(B = {64, 128})
void launch(float *x) { scale<64><<<1, 64>>>(x); }
// CHECK: PlacementErrors.cu:[[@LINE-2]]:9: error: '#pragma autotune' tunes a statement, not the definition of 'launch'

// Controls: host code, a __host__ lambda and a class's member function.
struct Launcher {
  void run(float *x) {
#pragma autotune space(B = {64, 128}) key()
    scale<B><<<1, B>>>(x);
  }
};
void host_function(float *x) {
  auto go = [&](int n) {
#pragma autotune space(B = {64, 128}) key()
    scale<B><<<1, B>>>(x + n);
  };
  go(0);
}
