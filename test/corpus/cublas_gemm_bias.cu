// A dense layer: C = relu(A * B + bias) as a cuBLAS GEMM followed by a bias
// and ReLU kernel, enqueued by one host function on one stream. The site is
// not a launch, so stream(...) names the stream to time it on; the space
// covers the GEMM algorithm (-1 is cuBLAS's own heuristic) and the epilogue's
// block size together. Inputs are small integers, so every algorithm computes
// C exactly and the result does not depend on the winner.
#include "corpus.h"

#include <autotune/autotune.h>

#include <cublas_v2.h>

#include <algorithm>
#include <vector>

#define CHECK_CUBLAS(call)                                                     \
  do {                                                                         \
    cublasStatus_t Status = (call);                                            \
    if (Status != CUBLAS_STATUS_SUCCESS) {                                     \
      std::printf("%s:%d: %s failed: status %d\n", __FILE__, __LINE__, #call,  \
                  static_cast<int>(Status));                                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Column-major m x n: c[i + j * m] = max(c[...] + bias[i], 0).
template <int BLOCK>
__global__ void biasRelu(int m, int n, const float *bias, float *c) {
  const long long I = static_cast<long long>(blockIdx.x) * BLOCK + threadIdx.x;
  if (I < static_cast<long long>(m) * n)
    c[I] = fmaxf(c[I] + bias[I % m], 0.0f);
}

// An algorithm cuBLAS refuses leaves NaNs in C, so that verify(...) rejects
// the variant instead of seeing the previous variant's C.
template <int ALGO, int BLOCK>
void denseLayer(cublasHandle_t h, cudaStream_t s, int m, int n, int k,
                const float *a, const float *b, const float *bias, float *c) {
  const float One = 1.0f, Zero = 0.0f;
  cublasStatus_t Status =
      cublasGemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, &One, a, CUDA_R_32F, m,
                   b, CUDA_R_32F, k, &Zero, c, CUDA_R_32F, m,
                   CUBLAS_COMPUTE_32F, static_cast<cublasGemmAlgo_t>(ALGO));
  if (Status != CUBLAS_STATUS_SUCCESS) {
    cudaMemsetAsync(c, 0xff, sizeof(float) * m * n, s);
    return;
  }
  const long long Elements = static_cast<long long>(m) * n;
  biasRelu<BLOCK>
      <<<static_cast<unsigned>((Elements + BLOCK - 1) / BLOCK), BLOCK, 0, s>>>(
          m, n, bias, c);
}

void dense(cublasHandle_t h, cudaStream_t s, int m, int n, int k,
           const float *a, const float *b, const float *bias, float *c) {
#pragma autotune space(ALGO = range(-1, 8), BLOCK = {128, 256, 512}) default(  \
    ALGO = -1, BLOCK = 256) key(m, n, k) stream(s)                             \
    verify(c[m * n], tol = 1e-5) name("cublas_dense_layer")
  denseLayer<ALGO, BLOCK>(h, s, m, n, k, a, b, bias, c);
}

int main() {
  const int M = 768, N = 512, K = 1024;
  std::vector<float> A(static_cast<size_t>(M) * K),
      B(static_cast<size_t>(K) * N), Bias(M);
  for (size_t I = 0; I < A.size(); ++I)
    A[I] = static_cast<float>(static_cast<int>(I % 7) - 3);
  for (size_t I = 0; I < B.size(); ++I)
    B[I] = static_cast<float>(static_cast<int>((I * 5) % 9) - 4);
  for (int I = 0; I < M; ++I)
    Bias[I] = static_cast<float>(I % 11 - 5) * 16.0f;

  float *DA, *DB, *DBias, *DC;
  CHECK_CUDA(cudaMalloc(&DA, A.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DB, B.size() * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DBias, M * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DC, static_cast<size_t>(M) * N * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(DA, A.data(), A.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DB, B.data(), B.size() * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DBias, Bias.data(), M * sizeof(float),
                        cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  cublasHandle_t H;
  CHECK_CUBLAS(cublasCreate(&H));
  CHECK_CUBLAS(cublasSetStream(H, S));

  for (int Call = 0; Call < 2; ++Call) // the first call tunes
    dense(H, S, M, N, K, DA, DB, DBias, DC);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<float> C(static_cast<size_t>(M) * N);
  CHECK_CUDA(cudaMemcpy(C.data(), DC, C.size() * sizeof(float),
                        cudaMemcpyDeviceToHost));
  long Wrong = 0;
  std::vector<long long> Dot(M); // one column of A * B, exact: |Dot| <= 12 K
  for (int J = 0; J < N; ++J) {
    std::fill(Dot.begin(), Dot.end(), 0);
    for (int L = 0; L < K; ++L) {
      const long long BLJ =
          static_cast<long long>(B[L + static_cast<size_t>(J) * K]);
      const float *AColumn = &A[static_cast<size_t>(L) * M];
      for (int I = 0; I < M; ++I)
        Dot[I] += static_cast<long long>(AColumn[I]) * BLJ;
    }
    for (int I = 0; I < M; ++I) {
      float Want = std::max(static_cast<float>(Dot[I]) + Bias[I], 0.0f);
      Wrong += C[I + static_cast<size_t>(J) * M] != Want;
    }
  }
  std::uint64_t Sum = fnv1a(C.data(), C.size() * sizeof(float));
  CHECK_CUBLAS(cublasDestroy(H));
  CHECK_CUDA(cudaFree(DA));
  CHECK_CUDA(cudaFree(DB));
  CHECK_CUDA(cudaFree(DBias));
  CHECK_CUDA(cudaFree(DC));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("cublas_gemm_bias", Sum, Wrong);
}
