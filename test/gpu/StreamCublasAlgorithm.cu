// Issue 3, point 6: a library call with an algorithm parameter, timed with
// events through stream(...): cublasGemmEx over cublasGemmAlgo_t. cuBLAS is
// loaded at run time (dlopen), so the program needs no cuBLAS to be built or
// carried; without libcublas.so.13 on the GPU machine it reports skipped.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <cublas_v2.h>
#include <dlfcn.h>

#include <cmath>
#include <vector>

using CreateFn = cublasStatus_t (*)(cublasHandle_t *);
using DestroyFn = cublasStatus_t (*)(cublasHandle_t);
using SetStreamFn = cublasStatus_t (*)(cublasHandle_t, cudaStream_t);
using GemmExFn = cublasStatus_t (*)(cublasHandle_t, cublasOperation_t,
                                    cublasOperation_t, int, int, int,
                                    const void *, const void *, cudaDataType,
                                    int, const void *, cudaDataType, int,
                                    const void *, void *, cudaDataType, int,
                                    cublasComputeType_t, cublasGemmAlgo_t);
static GemmExFn GemmEx;
static int LastStatus = CUBLAS_STATUS_SUCCESS;

// C = A * B, column-major n x n, with algorithm ALGO (-1: cuBLAS's choice).
// An algorithm cuBLAS refuses leaves NaNs in C, so that verify(...) rejects it
// instead of seeing the previous variant's C.
template <int ALGO>
void gemm(cublasHandle_t h, cudaStream_t s, int n, const float *a,
          const float *b, float *c) {
  const float One = 1.0f, Zero = 0.0f;
  cublasStatus_t St =
      GemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &One, a, CUDA_R_32F, n, b,
             CUDA_R_32F, n, &Zero, c, CUDA_R_32F, n, CUBLAS_COMPUTE_32F,
             static_cast<cublasGemmAlgo_t>(ALGO));
  if (St != CUBLAS_STATUS_SUCCESS) {
    LastStatus = St;
    cudaMemsetAsync(c, 0xff, sizeof(float) * n * n, s);
  }
}

void gemmRun(cublasHandle_t h, cudaStream_t s, int n, const float *a,
             const float *b, float *c) {
#pragma autotune space(ALGO = range(-1, 24)) key(n) stream(s)                  \
    verify(c[n * n], tol = 1e-3) name("cublas_gemm_algo")
  gemm<ALGO>(h, s, n, a, b, c);
}

int main() {
  void *Lib = dlopen("libcublas.so.13", RTLD_NOW | RTLD_LOCAL);
  if (!Lib)
    return skip("StreamCublasAlgorithm", "libcublas.so.13 not found");
  auto Create = reinterpret_cast<CreateFn>(dlsym(Lib, "cublasCreate_v2"));
  auto Destroy = reinterpret_cast<DestroyFn>(dlsym(Lib, "cublasDestroy_v2"));
  auto SetStream =
      reinterpret_cast<SetStreamFn>(dlsym(Lib, "cublasSetStream_v2"));
  GemmEx = reinterpret_cast<GemmExFn>(dlsym(Lib, "cublasGemmEx"));
  if (!Create || !Destroy || !SetStream || !GemmEx)
    return skip("StreamCublasAlgorithm", "cuBLAS symbols missing");

  const int N = 1024;
  std::vector<float> A(N * N), B(N * N);
  for (int I = 0; I < N * N; ++I) {
    A[I] = static_cast<float>(I % 7) - 3.0f;
    B[I] = static_cast<float>(I % 5) - 2.0f;
  }
  float *DA, *DB, *DC;
  CHECK_CUDA(cudaMalloc(&DA, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DB, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DC, N * N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DA, A.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(
      cudaMemcpy(DB, B.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));
  cublasHandle_t H;
  if (Create(&H) != CUBLAS_STATUS_SUCCESS)
    return skip("StreamCublasAlgorithm", "cublasCreate failed");
  SetStream(H, S);

  gemmRun(H, S, N, DA, DB, DC);
  gemmRun(H, S, N, DA, DB, DC);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<float> C(N * N);
  CHECK_CUDA(
      cudaMemcpy(C.data(), DC, N * N * sizeof(float), cudaMemcpyDeviceToHost));
  int Wrong = 0;
  for (int Col = 0; Col < N; Col += 31)
    for (int Row = 0; Row < N; ++Row) {
      double Want = 0;
      for (int K = 0; K < N; ++K)
        Want += static_cast<double>(A[K * N + Row]) * B[Col * N + K];
      Wrong += std::fabs(C[Col * N + Row] - Want) >
               1e-3 * std::fmax(1.0, std::fabs(Want));
    }
  EXPECT(Wrong == 0, "%d wrong elements of C", Wrong);
  if (LastStatus != CUBLAS_STATUS_SUCCESS)
    std::printf(
        "note: some algorithm returned cuBLAS status %d during tuning\n",
        LastStatus);
  Destroy(H);
  return finish("StreamCublasAlgorithm");
}
