// Issue 3, point 6: a statement that is not a launch but enqueues GPU work (a
// host function launching two kernels) is timed with events on the stream
// named by stream(...).
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK>
__global__ void square(int n, const float *in, float *tmp) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    tmp[I] = in[I] * in[I];
}
template <int BLOCK>
__global__ void addHalf(int n, const float *tmp, float *out) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n)
    out[I] = tmp[I] + 0.5f;
}

// The two-kernel pipeline, as a library would offer it. Also writes the
// block size it used, so that the test sees which variant ran.
template <int BLOCK>
void squarePlusHalf(cudaStream_t s, int n, const float *in, float *tmp,
                    float *out, int *ran) {
  int Grid = (n + BLOCK - 1) / BLOCK;
  square<BLOCK><<<Grid, BLOCK, 0, s>>>(n, in, tmp);
  addHalf<BLOCK><<<Grid, BLOCK, 0, s>>>(n, tmp, out);
  spinFor<0><<<1, 1, 0, s>>>(BLOCK, ran);
}

void pipelineRun(cudaStream_t s, int n, const float *in, float *tmp, float *out,
                 int *ran) {
#pragma autotune space(BLOCK = {32, 128, 512}) key(n) stream(s)                \
    name("stream_host_launcher")
  squarePlusHalf<BLOCK>(s, n, in, tmp, out, ran);
}

int main() {
  const int N = 1 << 22;
  std::vector<float> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = static_cast<float>(I % 100) * 0.25f;
  float *DIn, *DTmp, *DOut;
  int *Ran;
  CHECK_CUDA(cudaMalloc(&DIn, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DTmp, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DOut, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  CHECK_CUDA(
      cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  pipelineRun(S, N, DIn, DTmp, DOut, Ran);
  pipelineRun(S, N, DIn, DTmp, DOut, Ran);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Out(N);
  CHECK_CUDA(
      cudaMemcpy(Out.data(), DOut, N * sizeof(float), cudaMemcpyDeviceToHost));
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Out[I] != In[I] * In[I] + 0.5f;
  EXPECT(Wrong == 0, "%d wrong elements", Wrong);
  int Block = readInt(Ran);
  EXPECT(Block == 32 || Block == 128 || Block == 512, "ran BLOCK = %d", Block);
  std::printf("chosen BLOCK = %d\n", Block);
  return finish("StreamHostLauncher");
}
