// Issue 29, point 4, on a GPU: the points whose kernel needs more than 48 KB
// of static shared memory (ROWS = 16, 32) are left out when the program is
// built (scripts/build-gpu-tests builds it through autotune-clang++, whose
// loop leaves them out); the site tunes the three that compiled, every
// variant launches, and the winner is one of them.
#include "GpuTest.h"

#include <autotune/autotune.h>
#include <autotune/results.h>

// Each point's kernel holds ROWS * 4 KB of static shared memory.
template <int ROWS> __global__ void stage(float *Y) {
  __shared__ float Buffer[ROWS * 1024];
  Buffer[threadIdx.x] = Y[threadIdx.x];
  __syncthreads();
  Y[threadIdx.x] = Buffer[(threadIdx.x + 1) % blockDim.x] + ROWS;
}

void run(float *Y, cudaStream_t S) {
#pragma autotune space(ROWS = {1, 2, 4, 16, 32}) name("left_out")
  stage<ROWS><<<1, 128, 0, S>>>(Y);
}

int main() {
  float *Y;
  CHECK_CUDA(cudaMalloc(&Y, 128 * sizeof(float)));
  CHECK_CUDA(cudaMemset(Y, 0, 128 * sizeof(float)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  autotune::Choice C = autotune::tuneNow("left_out", [&] { run(Y, S); });
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(C, "no choice: %s", C.reason().c_str());
  long long Rows = C.value("ROWS", -1);
  EXPECT(Rows == 1 || Rows == 2 || Rows == 4,
         "the winner is ROWS = %lld, a point that was left out", Rows);
  CHECK_CUDA(cudaGetLastError());
  return finish("PointsLeftOutNeverRun");
}
