// Layer normalization of a (rows x cols) activation, one warp per row, as
// LLM training code writes it: the launcher computes the grid from the block
// size, 'grid = ceil_div(rows * 32, block_size)', then launches. Tuned, the
// grid is computed inside the launch from the tuned BLOCK; the annotation
// that shape invites (the pragma above the original launch, tuning
// 'block_size') is kept under CORPUS_NAIVE_ANNOTATION for the hidden-variable
// warning it gets (test/lit/corpus/LayerNormRows.test). Each row's sums run in
// the same lanes in the same order for every BLOCK, with rounding intrinsics
// no compiler contracts, so every variant and both compilers agree bit for
// bit. Two shapes: two tunings.
#include "corpus.h"

#include <autotune/autotune.h>

#include <vector>

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }

__device__ float warpSum(float V) {
  for (int Offset = 16; Offset > 0; Offset /= 2)
    V = __fadd_rn(V, __shfl_xor_sync(0xffffffffu, V, Offset));
  return V; // the same in every lane: each adds the same two values
}

template <int BLOCK>
__global__ void layernormRows(int rows, int cols, const float *x,
                              const float *weight, const float *bias,
                              float *out, float *mean, float *rstd) {
  static_assert(BLOCK % 32 == 0, "one warp per row");
  const int Lane = threadIdx.x % 32;
  const int Row = blockIdx.x * (BLOCK / 32) + threadIdx.x / 32;
  if (Row >= rows)
    return; // the whole warp: the shuffles below see all 32 lanes
  const float *In = x + static_cast<long>(Row) * cols;
  float *Out = out + static_cast<long>(Row) * cols;
  float Sum = 0.0f;
  for (int C = Lane; C < cols; C += 32)
    Sum = __fadd_rn(Sum, In[C]);
  const float M = __fdiv_rn(warpSum(Sum), static_cast<float>(cols));
  float Squares = 0.0f;
  for (int C = Lane; C < cols; C += 32) {
    float D = __fsub_rn(In[C], M);
    Squares = fmaf(D, D, Squares);
  }
  const float Var = __fdiv_rn(warpSum(Squares), static_cast<float>(cols));
  const float R = __frcp_rn(__fsqrt_rn(__fadd_rn(Var, 1e-5f)));
  for (int C = Lane; C < cols; C += 32)
    Out[C] = fmaf(__fmul_rn(__fsub_rn(In[C], M), R), weight[C], bias[C]);
  if (Lane == 0) {
    mean[Row] = M;
    rstd[Row] = R;
  }
}

#ifndef CORPUS_NAIVE_ANNOTATION
void layernormForward(float *out, float *mean, float *rstd, const float *x,
                      const float *weight, const float *bias, int rows,
                      int cols, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256)            \
    key(rows, cols) verify(out[rows * cols]) name("layernorm_rows")
  layernormRows<BLOCK><<<ceil_div(rows * 32, BLOCK), BLOCK, 0, s>>>(
      rows, cols, x, weight, bias, out, mean, rstd);
}
#else
void layernormForward(float *out, float *mean, float *rstd, const float *x,
                      const float *weight, const float *bias, int rows,
                      int cols, cudaStream_t s) {
  int block_size = 256;
  const int grid_size = ceil_div(rows * 32, block_size);
#pragma autotune space(block_size = pow2(32, 1024)) key(rows, cols)
  layernormRows<block_size><<<grid_size, block_size, 0, s>>>(
      rows, cols, x, weight, bias, out, mean, rstd);
}
#endif

// The CPU reference, in double precision.
void layernormReference(int rows, int cols, const std::vector<float> &X,
                        const std::vector<float> &Weight,
                        const std::vector<float> &Bias,
                        std::vector<double> &Out) {
  for (int Row = 0; Row < rows; ++Row) {
    const float *In = &X[static_cast<long>(Row) * cols];
    double Sum = 0.0;
    for (int C = 0; C < cols; ++C)
      Sum += In[C];
    double M = Sum / cols, Squares = 0.0;
    for (int C = 0; C < cols; ++C)
      Squares += (In[C] - M) * (In[C] - M);
    double R = 1.0 / std::sqrt(Squares / cols + 1e-5);
    for (int C = 0; C < cols; ++C)
      Out[static_cast<long>(Row) * cols + C] =
          (In[C] - M) * R * Weight[C] + Bias[C];
  }
}

// Normalizes a rows x cols matrix on the GPU, checks it against the CPU;
// returns the number of wrong elements and chains the output into Sum.
long runShape(int rows, int cols, cudaStream_t S, std::uint64_t &Sum) {
  const long Total = static_cast<long>(rows) * cols;
  std::vector<float> X(Total), Weight(cols), Bias(cols);
  for (long I = 0; I < Total; ++I)
    X[I] = static_cast<float>((I * 2654435761u) % 4001) / 500.0f - 4.0f +
           static_cast<float>(I / cols % 7); // rows with different means
  for (int C = 0; C < cols; ++C) {
    Weight[C] = 0.5f + static_cast<float>(C % 13) / 13.0f;
    Bias[C] = static_cast<float>(C % 5) / 10.0f - 0.2f;
  }

  float *DX, *DWeight, *DBias, *DOut, *DMean, *DRstd;
  CHECK_CUDA(cudaMalloc(&DX, Total * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DWeight, cols * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DBias, cols * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DOut, Total * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DMean, rows * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DRstd, rows * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DX, X.data(), Total * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DWeight, Weight.data(), cols * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DBias, Bias.data(), cols * sizeof(float),
                        cudaMemcpyHostToDevice));
  for (int Call = 0; Call < 2; ++Call) // the first call tunes
    layernormForward(DOut, DMean, DRstd, DX, DWeight, DBias, rows, cols, S);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<float> Out(Total), Mean(rows), Rstd(rows);
  CHECK_CUDA(cudaMemcpy(Out.data(), DOut, Total * sizeof(float),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(Mean.data(), DMean, rows * sizeof(float),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(Rstd.data(), DRstd, rows * sizeof(float),
                        cudaMemcpyDeviceToHost));

  std::vector<double> Want(Total);
  layernormReference(rows, cols, X, Weight, Bias, Want);
  long Wrong = 0;
  for (long I = 0; I < Total; ++I) {
    if (!nearlyEqual(Out[I], Want[I], 1e-4)) {
      if (Wrong < 5)
        std::printf("layernorm_rows: %dx%d out[%ld] = %.7g, want %.7g\n", rows,
                    cols, I, Out[I], Want[I]);
      ++Wrong;
    }
  }
  Sum = fnv1a(Out.data(), Total * sizeof(float), Sum);
  Sum = fnv1a(Mean.data(), rows * sizeof(float), Sum);
  Sum = fnv1a(Rstd.data(), rows * sizeof(float), Sum);
  CHECK_CUDA(cudaFree(DX));
  CHECK_CUDA(cudaFree(DWeight));
  CHECK_CUDA(cudaFree(DBias));
  CHECK_CUDA(cudaFree(DOut));
  CHECK_CUDA(cudaFree(DMean));
  CHECK_CUDA(cudaFree(DRstd));
  return Wrong;
}

int main() {
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  std::uint64_t Sum = 0xcbf29ce484222325ull;
  long Wrong = runShape(8 * 1024, 768, S, Sum); // GPT-2 small: B*T x C
  Wrong += runShape(1001, 1600, S, Sum);        // rows that fill no block
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("layernorm_rows", Sum, Wrong);
}
