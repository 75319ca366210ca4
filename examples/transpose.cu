// out = transpose(in) for a rows x cols matrix, through a shared-memory tile
// (padded against bank conflicts). A block of TILE x ROWS threads moves one
// TILE x TILE tile, each thread TILE / ROWS elements of it.
//
//   scripts/autotune-clang++ -O2 examples/transpose.cu -o transpose &&
//   ./transpose
#include "cuda_check.h"

#include <autotune/autotune.h>

#include <vector>

template <int TILE, int ROWS>
__global__ void transpose(int rows, int cols, const float *in, float *out) {
  __shared__ float Tile[TILE][TILE + 1];
  int X = blockIdx.x * TILE + threadIdx.x; // column of in
  int Y = blockIdx.y * TILE + threadIdx.y; // row of in
  for (int J = 0; J < TILE; J += ROWS)
    if (X < cols && Y + J < rows)
      Tile[threadIdx.y + J][threadIdx.x] = in[(Y + J) * cols + X];
  __syncthreads();
  X = blockIdx.y * TILE + threadIdx.x; // column of out
  Y = blockIdx.x * TILE + threadIdx.y; // row of out
  for (int J = 0; J < TILE; J += ROWS)
    if (X < rows && Y + J < cols)
      out[(Y + J) * rows + X] = Tile[threadIdx.x][threadIdx.y + J];
}

void transposeRun(int rows, int cols, const float *in, float *out,
                  cudaStream_t s) {
#pragma autotune space(TILE = {16, 32, 64}, ROWS = {2, 4, 8, 16, 32})          \
    where(ROWS <= TILE) where(TILE *ROWS <= 1024)                              \
        where(TILE *ROWS >= 64) default(TILE = 32, ROWS = 8) key(rows, cols)   \
            name("transpose")
  transpose<TILE, ROWS>
      <<<dim3((cols + TILE - 1) / TILE, (rows + TILE - 1) / TILE),
         dim3(TILE, ROWS), 0, s>>>(rows, cols, in, out);
}

int main() {
  showTuningTable();
  const int Rows = 4000, Cols = 6000; // neither is a multiple of a tile
  std::vector<float> In(static_cast<size_t>(Rows) * Cols);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] = static_cast<float>(I % 100003);
  float *DIn, *DOut;
  const size_t Bytes = In.size() * sizeof(float);
  CHECK_CUDA(cudaMalloc(&DIn, Bytes));
  CHECK_CUDA(cudaMalloc(&DOut, Bytes));
  CHECK_CUDA(cudaMemcpy(DIn, In.data(), Bytes, cudaMemcpyHostToDevice));

  transposeRun(Rows, Cols, DIn, DOut, nullptr);
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());

  std::vector<float> Out(In.size());
  CHECK_CUDA(cudaMemcpy(Out.data(), DOut, Bytes, cudaMemcpyDeviceToHost));
  for (int R = 0; R < Rows; ++R)
    for (int C = 0; C < Cols; ++C)
      if (Out[static_cast<size_t>(C) * Rows + R] !=
          In[static_cast<size_t>(R) * Cols + C]) {
        std::printf("transpose: FAIL at (%d, %d)\n", R, C);
        return 1;
      }
  std::printf("transpose: OK (%d x %d)\n", Rows, Cols);
  return 0;
}
