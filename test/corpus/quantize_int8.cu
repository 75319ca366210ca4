// Symmetric int8 quantization with one scale per row, as inference code
// prepares weights: the host calibrates each row's scale from its largest
// finite magnitude (NaNs are ignored), the kernel rounds x / scale to the
// nearest even integer and clamps it to [-127, 127], a NaN becomes 0. The host
// part uses nvcc's host math unqualified (isnan, max and min on floats and
// ints, rintf), which clang 19 accepts only with cuda-shims/
// autotune_cuda_host_math.h. Two matrix shapes: two tunings.
#include "corpus.h"

#include <autotune/autotune.h>

#include <cstdint>
#include <vector>

template <int BLOCK, int ITEMS>
__global__ void quantizeRows(int rows, int cols, const float *x,
                             const float *invScale, std::int8_t *q) {
  long First = (static_cast<long>(blockIdx.x) * BLOCK + threadIdx.x) * ITEMS;
  long Total = static_cast<long>(rows) * cols;
#pragma unroll
  for (int K = 0; K < ITEMS; ++K) {
    long I = First + K;
    if (I < Total) {
      float V = x[I] * invScale[I / cols];
      int R = isnan(V) ? 0 : __float2int_rn(V);
      q[I] = static_cast<std::int8_t>(max(-127, min(127, R)));
    }
  }
}

void quantize(int rows, int cols, const float *x, const float *invScale,
              std::int8_t *q, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 1024), ITEMS = {1, 2, 4, 8})           \
    where(BLOCK *ITEMS <= 4096) default(BLOCK = 256, ITEMS = 4)                \
        key(rows, cols) verify(q[rows * cols]) name("quantize_int8")
  quantizeRows<BLOCK, ITEMS>
      <<<(static_cast<long>(rows) * cols + BLOCK * ITEMS - 1) / (BLOCK * ITEMS),
         BLOCK, 0, s>>>(rows, cols, x, invScale, q);
}

// The host's half: 1 / scale per row, from the largest finite magnitude.
std::vector<float> calibrate(int rows, int cols, const std::vector<float> &X) {
  std::vector<float> Inv(rows);
  for (int R = 0; R < rows; ++R) {
    float Amax = 0.0f;
    for (int C = 0; C < cols; ++C) {
      float V = X[static_cast<long>(R) * cols + C];
      if (!isnan(V))
        Amax = max(Amax, fabsf(V));
    }
    Inv[R] = 127.0f / max(Amax, 1e-8f);
  }
  return Inv;
}

// The CPU reference of the kernel.
std::int8_t quantizeOne(float X, float Inv) {
  float V = X * Inv;
  int R = isnan(V) ? 0 : static_cast<int>(rintf(V));
  return static_cast<std::int8_t>(max(-127, min(127, R)));
}

// Quantizes a rows x cols matrix on the GPU, checks it against the CPU;
// returns the number of wrong elements and chains the output into Sum.
long runShape(int rows, int cols, cudaStream_t S, std::uint64_t &Sum) {
  const long Total = static_cast<long>(rows) * cols;
  std::vector<float> X(Total);
  for (long I = 0; I < Total; ++I)
    X[I] = static_cast<float>((I * 2654435761u) % 20001 - 10000) / 997.0f;
  X[Total / 2] = __builtin_nanf(""); // a NaN in the data: becomes 0
  X[Total / 3] *= 50.0f;             // an outlier: clamps its row's neighbours
  std::vector<float> Inv = calibrate(rows, cols, X);
  // Outside the calibrated range (a stale scale): clamped to +-127.
  Inv[rows - 1] *= 4.0f;

  float *DX, *DInv;
  std::int8_t *DQ;
  CHECK_CUDA(cudaMalloc(&DX, Total * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DInv, rows * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DQ, Total));
  CHECK_CUDA(
      cudaMemcpy(DX, X.data(), Total * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(DInv, Inv.data(), rows * sizeof(float),
                        cudaMemcpyHostToDevice));
  for (int Call = 0; Call < 2; ++Call) // the first call tunes
    quantize(rows, cols, DX, DInv, DQ, S);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));
  std::vector<std::int8_t> Q(Total);
  CHECK_CUDA(cudaMemcpy(Q.data(), DQ, Total, cudaMemcpyDeviceToHost));

  long Wrong = 0;
  for (long I = 0; I < Total; ++I) {
    std::int8_t Want = quantizeOne(X[I], Inv[I / cols]);
    if (Q[I] != Want) {
      if (Wrong < 5)
        std::printf("quantize_int8: %dx%d q[%ld] = %d, want %d\n", rows, cols,
                    I, Q[I], Want);
      ++Wrong;
    }
  }
  Sum = fnv1a(Q.data(), Total, Sum);
  CHECK_CUDA(cudaFree(DX));
  CHECK_CUDA(cudaFree(DInv));
  CHECK_CUDA(cudaFree(DQ));
  return Wrong;
}

int main() {
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));
  std::uint64_t Sum = 0xcbf29ce484222325ull;
  long Wrong = runShape(4096, 1024, S, Sum);
  Wrong += runShape(333, 12289, S, Sum);
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("quantize_int8", Sum, Wrong);
}
