// The CUDA operators of the PyTorch GPU check (check.py): launches tuned on
// PyTorch's current stream, on tensors' memory.
#include <ATen/ATen.h>
// test/torch/gpu/prepare rewrites this file where Debian's CPU-only torch
// lacks the CUDA headers' generated part; the rewrite only preprocesses
// (at::cuda below is tokens to it), and the GPU machine's torch has them.
#if __has_include(<c10/cuda/impl/cuda_cmake_macros.h>)
#include <ATen/cuda/CUDAContext.h>
#endif

#include <autotune/autotune.h>

#include <cstdint>

// out = a * x; thread 0 of block 0 also writes BLOCK into *Which, so that
// the caller sees which variant ran last (the tuning's final launch, a
// graph's replay).
template <int BLOCK>
__global__ void scaleKernel(const float *X, float *Out, int64_t N, float A,
                            int *Which) {
  int64_t I = int64_t(blockIdx.x) * BLOCK + threadIdx.x;
  if (I < N)
    Out[I] = A * X[I];
  if (I == 0)
    *Which = BLOCK;
}

at::Tensor scale(at::Tensor x, double a, at::Tensor which) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat && x.is_contiguous(),
              "scale: a contiguous float CUDA tensor");
  TORCH_CHECK(which.is_cuda() && which.scalar_type() == at::kInt,
              "scale: which is an int CUDA tensor");
  at::Tensor out = at::empty_like(x);
  const float *X = x.data_ptr<float>();
  float *Out = out.data_ptr<float>();
  int *Which = which.data_ptr<int>();
  int64_t N = x.numel();
  float A = static_cast<float>(a);
#pragma autotune space(BLOCK = {128, 256, 512, 1024}) default(BLOCK = 256)     \
    key(N) verify(Out[N]) name("torch_scale")
  scaleKernel<BLOCK>
      <<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, at::cuda::getCurrentCUDAStream()>>>(
          X, Out, N, A, Which);
  return out;
}

// x += 1 in place: restore(...) keeps the tuning runs' increments out.
template <int BLOCK> __global__ void addOneKernel(float *X, int64_t N) {
  int64_t I = int64_t(blockIdx.x) * BLOCK + threadIdx.x;
  if (I < N)
    X[I] += 1.0f;
}

at::Tensor add_one_(at::Tensor x) {
  TORCH_CHECK(x.is_cuda() && x.scalar_type() == at::kFloat && x.is_contiguous(),
              "add_one_: a contiguous float CUDA tensor");
  float *X = x.data_ptr<float>();
  int64_t N = x.numel();
#pragma autotune space(BLOCK = {128, 256, 512, 1024}) default(BLOCK = 256)     \
    key(N) restore(X[N]) name("torch_add_one_")
  addOneKernel<BLOCK>
      <<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, at::cuda::getCurrentCUDAStream()>>>(
          X, N);
  return x;
}
