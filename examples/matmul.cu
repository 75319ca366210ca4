// C = A * B with shared-memory tiles. TILE is the square tile of C that one
// block computes, WORK the rows of it each thread computes (the block has
// TILE x TILE / WORK threads). where(...) keeps only block shapes that exist;
// verify(...) rejects a variant whose C differs from the default's beyond
// the tolerance (the summation order differs between tile sizes).
//
//   scripts/autotune-clang++ -O2 examples/matmul.cu -o matmul && ./matmul
#include "cuda_check.h"

#include <autotune/autotune.h>

#include <vector>

template <int TILE, int WORK>
__global__ void matmul(int n, const float *a, const float *b, float *c) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int Col = blockIdx.x * TILE + threadIdx.x;
  const int RowBase = blockIdx.y * TILE;
  float Acc[WORK] = {};
  for (int K0 = 0; K0 < n; K0 += TILE) {
    for (int W = 0; W < WORK; ++W) {
      int R = threadIdx.y + W * (TILE / WORK);
      int Row = RowBase + R;
      As[R][threadIdx.x] = (Row < n && K0 + threadIdx.x < n)
                               ? a[Row * n + K0 + threadIdx.x]
                               : 0.f;
      Bs[R][threadIdx.x] =
          (K0 + R < n && Col < n) ? b[(K0 + R) * n + Col] : 0.f;
    }
    __syncthreads();
    for (int K = 0; K < TILE; ++K) {
      float BK = Bs[K][threadIdx.x];
      for (int W = 0; W < WORK; ++W)
        Acc[W] += As[threadIdx.y + W * (TILE / WORK)][K] * BK;
    }
    __syncthreads();
  }
  for (int W = 0; W < WORK; ++W) {
    int Row = RowBase + threadIdx.y + W * (TILE / WORK);
    if (Row < n && Col < n)
      c[Row * n + Col] = Acc[W];
  }
}

void matmulRun(int n, const float *a, const float *b, float *c,
               cudaStream_t s) {
#pragma autotune space(TILE = {8, 16, 32}, WORK = {1, 2, 4, 8})                \
    where(TILE % WORK == 0)                                                    \
        where(TILE *TILE / WORK >= 32) default(TILE = 16, WORK = 1) key(n)     \
            verify(c[n * n], tol = 1e-4) name("matmul")
  matmul<TILE, WORK><<<dim3((n + TILE - 1) / TILE, (n + TILE - 1) / TILE),
                       dim3(TILE, TILE / WORK), 0, s>>>(n, a, b, c);
}

int main() {
  showTuningTable();
  const int N = 1024;
  std::vector<float> A(N * N), B(N * N);
  for (int I = 0; I < N * N; ++I) {
    A[I] = static_cast<float>((I * 7) % 13) / 13.0f - 0.5f;
    B[I] = static_cast<float>((I * 5) % 11) / 11.0f - 0.5f;
  }
  float *DA, *DB, *DC;
  CHECK_CUDA(cudaMalloc(&DA, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DB, N * N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DC, N * N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DA, A.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(
      cudaMemcpy(DB, B.data(), N * N * sizeof(float), cudaMemcpyHostToDevice));

  matmulRun(N, DA, DB, DC, nullptr); // the default stream
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<float> C(N * N);
  CHECK_CUDA(
      cudaMemcpy(C.data(), DC, N * N * sizeof(float), cudaMemcpyDeviceToHost));
  // Every 17th row against a double-precision CPU product.
  for (int Row = 0; Row < N; Row += 17)
    for (int Col = 0; Col < N; ++Col) {
      double Want = 0;
      for (int K = 0; K < N; ++K)
        Want += static_cast<double>(A[Row * N + K]) * B[K * N + Col];
      if (!nearlyEqual(C[Row * N + Col], Want, 1e-3)) {
        std::printf("matmul: FAIL at (%d, %d): got %.7g, want %.7g\n", Row, Col,
                    C[Row * N + Col], Want);
        return 1;
      }
    }
  std::printf("matmul: OK (%d x %d)\n", N, N);
  return 0;
}
