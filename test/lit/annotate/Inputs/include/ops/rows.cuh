// A launcher template in a public header found through '-I', as libraries
// keep them: a block a row, the block striding over the row's columns.
#pragma once
#include <cuda_runtime.h>

namespace ops {

template <typename T>
__global__ void rowScaleKernel(int cols, T alpha, T *data) {
  T *row = data + static_cast<size_t>(blockIdx.x) * cols;
  for (int c = threadIdx.x; c < cols; c += blockDim.x)
    row[c] = alpha * row[c];
}

template <typename T>
void rowScale(int rows, int cols, T alpha, T *data, cudaStream_t stream) {
  const int threads = 128;
  rowScaleKernel<T><<<rows, threads, 0, stream>>>(cols, alpha, data);
}

} // namespace ops
