// Issue 3, point 3: verify(...) compares each variant's output with the
// default point's; a variant that computes a different answer is rejected
// (and reported), even when it is the fastest. Floating-point outputs are
// compared within tol.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <vector>

// BLOCK = 512 is the fastest (the others spin) and wrong: it drops the last
// element. Integers: compared exactly.
template <int BLOCK> __global__ void copyInts(int n, const int *in, int *out) {
  if (BLOCK != 512 && threadIdx.x == 0)
    spinNanoseconds(200000); // 200 us
  int I = blockIdx.x * BLOCK + threadIdx.x;
  if (I < n - (BLOCK == 512 ? 1 : 0))
    out[I] = in[I];
}

void copyRun(int n, const int *in, int *out) {
#pragma autotune space(BLOCK = {128, 256, 512}) key(n) verify(out[n])          \
    name("verify_ints")
  copyInts<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, in, out);
}

// ERR is a relative error in parts per billion: 100 (1e-7) is within
// tol = 1e-5, 1000000 (1e-3) is not; the wrong one is the fastest.
template <int ERR>
__global__ void scaleFloats(int n, const float *in, float *out) {
  if (ERR != 1000000 && threadIdx.x == 0)
    spinNanoseconds(ERR == 0 ? 400000 : 200000);
  int I = blockIdx.x * 256 + threadIdx.x;
  if (I < n)
    out[I] = in[I] * (1.0f + ERR * 1e-9f);
}

void scaleRun(int n, const float *in, float *out) {
#pragma autotune space(ERR = {0, 100, 1000000}) key(n)                         \
    verify(out[n], tol = 1e-5) name("verify_floats")
  scaleFloats<ERR><<<(n + 255) / 256, 256>>>(n, in, out);
}

int main() {
  const int N = 1 << 20;
  std::vector<int> In(N);
  std::vector<float> InF(N);
  for (int I = 0; I < N; ++I) {
    In[I] = I * 3 + 1;
    InF[I] = 1.0f + static_cast<float>(I % 1000);
  }
  int *DIn, *DOut;
  float *DInF, *DOutF;
  CHECK_CUDA(cudaMalloc(&DIn, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DOut, N * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DInF, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DOutF, N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DIn, In.data(), N * sizeof(int), cudaMemcpyHostToDevice));
  CHECK_CUDA(
      cudaMemcpy(DInF, InF.data(), N * sizeof(float), cudaMemcpyHostToDevice));

  for (int Call = 1; Call <= 2; ++Call) {
    CHECK_CUDA(cudaMemset(DOut, 0, N * sizeof(int)));
    CHECK_CUDA(cudaMemset(DOutF, 0, N * sizeof(float)));
    copyRun(N, DIn, DOut);
    scaleRun(N, DInF, DOutF);
    CHECK_CUDA(cudaGetLastError());
    CHECK_CUDA(cudaDeviceSynchronize());
    int Last = 0;
    CHECK_CUDA(
        cudaMemcpy(&Last, DOut + N - 1, sizeof Last, cudaMemcpyDeviceToHost));
    EXPECT(Last == In[N - 1],
           "call %d: the wrong variant (BLOCK = 512) was chosen", Call);
    float LastF = 0;
    CHECK_CUDA(cudaMemcpy(&LastF, DOutF + N - 1, sizeof LastF,
                          cudaMemcpyDeviceToHost));
    double Rel = (LastF - InF[N - 1]) / InF[N - 1];
    EXPECT(Rel < 1e-5 && Rel > -1e-5,
           "call %d: ERR = 1e-3 chosen (rel. error %g)", Call, Rel);
  }
  return finish("VerifyRejectsWrongVariant");
}
