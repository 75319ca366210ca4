// Two-lane half and bfloat16 arithmetic: out = a * x + b * y in __half2, and
// out = max(x * scale + bias, 0) in __nv_bfloat162 (a ReLU epilogue). Each
// thread handles PAIRS lane pairs. verify(...) compares the variants' outputs
// within a tolerance fit for the type; autotune/autotune.h knows __half and
// __nv_bfloat16 as floating-point elements under a CUDA compiler.
#include "corpus.h"

#include <autotune/autotune.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <vector>

template <int BLOCK, int PAIRS>
__global__ void axpbyHalf(int pairs, __half2 a, __half2 b, const __half2 *x,
                          const __half2 *y, __half2 *out) {
  const int Base = blockIdx.x * BLOCK * PAIRS + threadIdx.x;
#pragma unroll
  for (int P = 0; P < PAIRS; ++P) {
    const int I = Base + P * BLOCK;
    if (I < pairs)
      out[I] = __hfma2(a, x[I], __hmul2(b, y[I]));
  }
}

template <int BLOCK, int PAIRS>
__global__ void scaleBiasReluBf16(int pairs, __nv_bfloat162 scale,
                                  __nv_bfloat162 bias, const __nv_bfloat162 *x,
                                  __nv_bfloat162 *out) {
  const __nv_bfloat162 Zero = __float2bfloat162_rn(0.0f);
  const int Base = blockIdx.x * BLOCK * PAIRS + threadIdx.x;
#pragma unroll
  for (int P = 0; P < PAIRS; ++P) {
    const int I = Base + P * BLOCK;
    if (I < pairs)
      out[I] = __hmax2(__hfma2(x[I], scale, bias), Zero);
  }
}

// n is even: the kernels work on lane pairs.
void axpby(int n, __half a, __half b, const __half *x, const __half *y,
           __half *out, cudaStream_t s) {
  const int Pairs = n / 2;
  const __half2 *X2 = reinterpret_cast<const __half2 *>(x);
  const __half2 *Y2 = reinterpret_cast<const __half2 *>(y);
  __half2 *Out2 = reinterpret_cast<__half2 *>(out);
#pragma autotune space(BLOCK = {128, 256, 512, 1024},                          \
                       PAIRS = {1, 2, 4}) default(BLOCK = 256, PAIRS = 1)      \
    key(n) verify(out[n], tol = 1e-3) name("half_axpby")
  axpbyHalf<BLOCK, PAIRS>
      <<<(Pairs + BLOCK * PAIRS - 1) / (BLOCK * PAIRS), BLOCK, 0, s>>>(
          Pairs, __half2half2(a), __half2half2(b), X2, Y2, Out2);
}

void scaleBiasRelu(int n, __nv_bfloat16 scale, __nv_bfloat16 bias,
                   const __nv_bfloat16 *x, __nv_bfloat16 *out, cudaStream_t s) {
  const int Pairs = n / 2;
  const __nv_bfloat162 *X2 = reinterpret_cast<const __nv_bfloat162 *>(x);
  __nv_bfloat162 *Out2 = reinterpret_cast<__nv_bfloat162 *>(out);
#pragma autotune space(BLOCK = {128, 256, 512, 1024},                          \
                       PAIRS = {1, 2, 4}) default(BLOCK = 256, PAIRS = 1)      \
    key(n) verify(out[n], tol = 1e-2) name("bf16_scale_bias_relu")
  scaleBiasReluBf16<BLOCK, PAIRS>
      <<<(Pairs + BLOCK * PAIRS - 1) / (BLOCK * PAIRS), BLOCK, 0, s>>>(
          Pairs, __bfloat162bfloat162(scale), __bfloat162bfloat162(bias), X2,
          Out2);
}

int main() {
  const int N = 1 << 22;
  const float A = 0.5f, B = -1.25f, Scale = 1.5f, Bias = -0.25f;
  std::vector<__half> HX(N), HY(N), HOut(N);
  std::vector<__nv_bfloat16> BX(N), BOut(N);
  for (int I = 0; I < N; ++I) {
    HX[I] = __float2half(static_cast<float>(I % 2048) / 256.0f - 4.0f);
    HY[I] = __float2half(static_cast<float>((I * 13) % 1000) / 500.0f - 1.0f);
    BX[I] =
        __float2bfloat16(static_cast<float>((I * 7) % 4001) / 1000.0f - 2.0f);
  }

  __half *DHX, *DHY, *DHOut;
  __nv_bfloat16 *DBX, *DBOut;
  CHECK_CUDA(cudaMalloc(&DHX, N * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&DHY, N * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&DHOut, N * sizeof(__half)));
  CHECK_CUDA(cudaMalloc(&DBX, N * sizeof(__nv_bfloat16)));
  CHECK_CUDA(cudaMalloc(&DBOut, N * sizeof(__nv_bfloat16)));
  CHECK_CUDA(
      cudaMemcpy(DHX, HX.data(), N * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_CUDA(
      cudaMemcpy(DHY, HY.data(), N * sizeof(__half), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DBX, BX.data(), N * sizeof(__nv_bfloat16),
                        cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  for (int Call = 0; Call < 2; ++Call) { // the first call tunes
    axpby(N, __float2half(A), __float2half(B), DHX, DHY, DHOut, S);
    scaleBiasRelu(N, __float2bfloat16(Scale), __float2bfloat16(Bias), DBX,
                  DBOut, S);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));
  CHECK_CUDA(cudaMemcpy(HOut.data(), DHOut, N * sizeof(__half),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(BOut.data(), DBOut, N * sizeof(__nv_bfloat16),
                        cudaMemcpyDeviceToHost));

  // The reference in float; the GPU rounds to half after the product and
  // after the fma, and to bfloat16 after the fma: allow a few units of the
  // last place of each type (relative, with an absolute floor near zero).
  long Wrong = 0;
  for (int I = 0; I < N; ++I) {
    float Want = A * __half2float(HX[I]) + B * __half2float(HY[I]);
    if (!nearlyEqual(__half2float(HOut[I]), Want, 4e-3)) {
      if (Wrong < 5)
        std::printf("half_bfloat16: half[%d] = %g, want %g\n", I,
                    __half2float(HOut[I]), Want);
      ++Wrong;
    }
    float WantB = std::max(__bfloat162float(BX[I]) * Scale + Bias, 0.0f);
    if (!nearlyEqual(__bfloat162float(BOut[I]), WantB, 1.6e-2)) {
      if (Wrong < 5)
        std::printf("half_bfloat16: bf16[%d] = %g, want %g\n", I,
                    __bfloat162float(BOut[I]), WantB);
      ++Wrong;
    }
  }
  std::uint64_t Sum = fnv1a(HOut.data(), N * sizeof(__half));
  Sum = fnv1a(BOut.data(), N * sizeof(__nv_bfloat16), Sum);
  CHECK_CUDA(cudaFree(DHX));
  CHECK_CUDA(cudaFree(DHY));
  CHECK_CUDA(cudaFree(DHOut));
  CHECK_CUDA(cudaFree(DBX));
  CHECK_CUDA(cudaFree(DBOut));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("half_bfloat16", Sum, Wrong);
}
