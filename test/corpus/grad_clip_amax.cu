// Gradient clipping as a training step does it: a kernel finds the largest
// magnitude in the gradient (atomicMax on the float's bits, exact and order
// independent), the host skips the step when it is not finite and otherwise
// scales the gradient so that it is at most MaxAbs. The host part is written
// the way nvcc lets host code be written: unqualified isfinite, max and min
// on floats, which clang 19 accepts only with cuda-shims/
// autotune_cuda_host_math.h.
#include "corpus.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK, int ITEMS>
__global__ void absMax(int n, const float *g, unsigned *amaxBits) {
  float M = 0.0f;
  for (int I = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS; I < n;
       I += gridDim.x * BLOCK * ITEMS)
#pragma unroll
    for (int K = 0; K < ITEMS; ++K)
      if (I + K < n)
        M = fmaxf(M, fabsf(g[I + K]));
  for (int Offset = 16; Offset > 0; Offset /= 2)
    M = fmaxf(M, __shfl_xor_sync(0xffffffffu, M, Offset));
  // Non-negative floats (and +inf) order like their bits.
  if (threadIdx.x % 32 == 0)
    atomicMax(amaxBits, __float_as_uint(M));
}

template <int BLOCK, int ITEMS>
__global__ void scaleInPlace(int n, float scale, float *g) {
  int First = (blockIdx.x * BLOCK + threadIdx.x) * ITEMS;
#pragma unroll
  for (int K = 0; K < ITEMS; ++K)
    if (First + K < n)
      g[First + K] *= scale;
}

// The device's answer, as a float; amaxBits starts at 0 for every run.
float gradAbsMax(int n, const float *g, unsigned *amaxBits, cudaStream_t s) {
  CHECK_CUDA(cudaMemsetAsync(amaxBits, 0, sizeof(unsigned), s));
#pragma autotune space(BLOCK = pow2(128, 1024),                                \
                       ITEMS = {1, 4, 8}) default(BLOCK = 256, ITEMS = 4)      \
    key(n) restore(amaxBits[1]) verify(amaxBits[1]) name("grad_amax")
  absMax<BLOCK, ITEMS><<<264, BLOCK, 0, s>>>(n, g, amaxBits);
  unsigned Bits = 0;
  CHECK_CUDA(cudaMemcpyAsync(&Bits, amaxBits, sizeof(Bits),
                             cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  float Amax;
  std::memcpy(&Amax, &Bits, sizeof(Amax));
  return Amax;
}

// The clipping factor, on the host: 1 when the gradient is small enough.
float clipScale(float Amax, float MaxAbs) {
  return min(1.0f, MaxAbs / max(Amax, 1e-12f));
}

// One step: returns whether the gradient was applied (finite).
bool clipStep(int n, float *g, unsigned *amaxBits, float MaxAbs, cudaStream_t s,
              float *AmaxOut) {
  float Amax = gradAbsMax(n, g, amaxBits, s);
  *AmaxOut = Amax;
  if (!isfinite(Amax))
    return false; // skip the step, as mixed-precision training does
  float Scale = clipScale(Amax, MaxAbs);
#pragma autotune space(BLOCK = pow2(128, 1024), ITEMS = {1, 2, 4}) default(    \
    BLOCK = 256, ITEMS = 1) key(n) restore(g[n]) name("grad_clip")
  scaleInPlace<BLOCK, ITEMS>
      <<<(n + BLOCK * ITEMS - 1) / (BLOCK * ITEMS), BLOCK, 0, s>>>(n, Scale, g);
  return true;
}

int main() {
  const int N = (1 << 22) + 3;
  const float MaxAbs = 1.0f;
  std::vector<float> Grad(N);
  for (int I = 0; I < N; ++I)
    Grad[I] = static_cast<float>((I * 7919L) % 4001 - 2000) / 256.0f;

  float *DGrad;
  unsigned *DAmaxBits;
  CHECK_CUDA(cudaMalloc(&DGrad, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&DAmaxBits, sizeof(unsigned)));
  CHECK_CUDA(cudaMemcpy(DGrad, Grad.data(), N * sizeof(float),
                        cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  // Step 1: a finite gradient is clipped (both sites tune here).
  float Amax1 = 0.0f;
  bool Applied1 = clipStep(N, DGrad, DAmaxBits, MaxAbs, S, &Amax1);
  // Step 2: an overflowed element; the step is skipped, the data untouched.
  const float Inf = __builtin_huge_valf();
  CHECK_CUDA(cudaMemcpyAsync(DGrad + N / 3, &Inf, sizeof(float),
                             cudaMemcpyHostToDevice, S));
  float Amax2 = 0.0f;
  bool Applied2 = clipStep(N, DGrad, DAmaxBits, MaxAbs, S, &Amax2);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<float> Out(N);
  CHECK_CUDA(
      cudaMemcpy(Out.data(), DGrad, N * sizeof(float), cudaMemcpyDeviceToHost));

  // The CPU reference, step by step.
  float WantAmax1 = 0.0f;
  for (float V : Grad)
    WantAmax1 = fmaxf(WantAmax1, std::fabs(V));
  const float Scale = clipScale(WantAmax1, MaxAbs);
  long Wrong = 0;
  if (!Applied1 || Applied2 || Amax1 != WantAmax1 || isfinite(Amax2) ||
      Scale >= 1.0f) {
    std::printf("grad_clip_amax: steps applied %d %d, amax %.9g %.9g, want "
                "1 0, %.9g inf (scale %.9g < 1)\n",
                Applied1, Applied2, Amax1, Amax2, WantAmax1, Scale);
    ++Wrong;
  }
  for (int I = 0; I < N; ++I) {
    float Want = I == N / 3 ? Inf : Grad[I] * Scale;
    if (Out[I] != Want) {
      if (Wrong < 5)
        std::printf("grad_clip_amax: g[%d] = %.9g, want %.9g\n", I, Out[I],
                    Want);
      ++Wrong;
    }
  }
  std::uint64_t Sum = fnv1a(Out.data(), N * sizeof(float));
  Sum = fnv1a(&Amax1, sizeof(Amax1), Sum);
  CHECK_CUDA(cudaFree(DGrad));
  CHECK_CUDA(cudaFree(DAmaxBits));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("grad_clip_amax", Sum, Wrong);
}
