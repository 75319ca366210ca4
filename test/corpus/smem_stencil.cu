// A 1-D convolution with a 9-point filter in constant memory. Each block
// stages its BLOCK * ITEMS outputs' inputs plus a halo of RADIUS on each side
// in dynamic shared memory, sized by the launch's third argument from the
// tuned parameters. Points are fused multiply-adds in a fixed order, so every
// variant computes the same bits.
#include "corpus.h"

#include <autotune/autotune.h>

#include <vector>

constexpr int RADIUS = 4;
__constant__ float Weights[2 * RADIUS + 1];

template <int BLOCK, int ITEMS>
__global__ void convolve(int n, const float *in, float *out) {
  extern __shared__ float Tile[]; // BLOCK * ITEMS + 2 * RADIUS floats
  const int Width = BLOCK * ITEMS;
  const int First = blockIdx.x * Width; // first output of this block
  for (int T = threadIdx.x; T < Width + 2 * RADIUS; T += BLOCK) {
    int G = First - RADIUS + T;
    Tile[T] = G >= 0 && G < n ? in[G] : 0.0f;
  }
  __syncthreads();
#pragma unroll
  for (int K = 0; K < ITEMS; ++K) {
    int L = threadIdx.x + K * BLOCK; // coalesced: consecutive threads, outputs
    if (First + L < n) {
      float Acc = 0.0f;
#pragma unroll
      for (int R = 0; R <= 2 * RADIUS; ++R)
        Acc = fmaf(Weights[R], Tile[L + R], Acc);
      out[First + L] = Acc;
    }
  }
}

void convolveRun(int n, const float *in, float *out, cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(64, 1024), ITEMS = pow2(1, 16))            \
    where(BLOCK *ITEMS <= 8192)                                                \
        where(BLOCK *ITEMS >= 256) default(BLOCK = 256, ITEMS = 4) key(n)      \
            verify(out[n]) name("smem_convolve")
  convolve<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK,
         (BLOCK * ITEMS + 2 * RADIUS) * sizeof(float), s>>>(n, in, out);
}

int main() {
  const int N = (1 << 23) + 5;
  const float Filter[2 * RADIUS + 1] = {0.0625f, -0.125f, 0.25f,   0.5f,   1.0f,
                                        0.5f,    0.25f,   -0.125f, 0.0625f};
  std::vector<float> In(N);
  for (int I = 0; I < N; ++I)
    In[I] = static_cast<float>((I * 37) % 1024) / 64.0f - 8.0f;

  float *DIn, *DOut;
  CHECK_CUDA(cudaMalloc(&DIn, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DOut, N * sizeof(float)));
  CHECK_CUDA(
      cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpyToSymbol(Weights, Filter, sizeof(Filter)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  for (int Call = 0; Call < 2; ++Call) // the first call tunes
    convolveRun(N, DIn, DOut, S);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<float> Out(N);
  CHECK_CUDA(
      cudaMemcpy(Out.data(), DOut, N * sizeof(float), cudaMemcpyDeviceToHost));
  long Wrong = 0;
  for (int I = 0; I < N; ++I) {
    float Want = 0.0f;
    for (int R = 0; R <= 2 * RADIUS; ++R) {
      int G = I - RADIUS + R;
      Want = std::fmaf(Filter[R], G >= 0 && G < N ? In[G] : 0.0f, Want);
    }
    if (Out[I] != Want) {
      if (Wrong < 5)
        std::printf("smem_stencil: out[%d] = %.9g, want %.9g\n", I, Out[I],
                    Want);
      ++Wrong;
    }
  }
  std::uint64_t Sum = fnv1a(Out.data(), N * sizeof(float));
  CHECK_CUDA(cudaFree(DIn));
  CHECK_CUDA(cudaFree(DOut));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("smem_stencil", Sum, Wrong);
}
