// Row sums with cub::BlockReduce and row-wise exclusive prefix sums with
// cub::BlockScan, one block per row; the block size is the tuned parameter and
// the template argument of both cub collectives. The scan walks a row in tiles
// of BLOCK * ITEMS elements and carries the running total between tiles.
#include "corpus.h"

#include <autotune/autotune.h>

#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>

#include <vector>

template <int BLOCK>
__global__ void rowSums(int cols, const int *in, long long *sums) {
  using Reduce = cub::BlockReduce<long long, BLOCK>;
  __shared__ typename Reduce::TempStorage Temp;
  const int *Row = in + static_cast<size_t>(blockIdx.x) * cols;
  long long Acc = 0;
  for (int C = threadIdx.x; C < cols; C += BLOCK)
    Acc += Row[C];
  long long Sum = Reduce(Temp).Sum(Acc);
  if (threadIdx.x == 0)
    sums[blockIdx.x] = Sum;
}

template <int BLOCK, int ITEMS>
__global__ void rowExclusiveScan(int cols, const int *in, int *out) {
  using Scan = cub::BlockScan<int, BLOCK>;
  __shared__ typename Scan::TempStorage Temp;
  const int *Row = in + static_cast<size_t>(blockIdx.x) * cols;
  int *OutRow = out + static_cast<size_t>(blockIdx.x) * cols;
  int Carry = 0;
  for (int Tile = 0; Tile < cols; Tile += BLOCK * ITEMS) {
    int Items[ITEMS];
#pragma unroll
    for (int K = 0; K < ITEMS; ++K) { // blocked: thread t owns ITEMS in a row
      int C = Tile + threadIdx.x * ITEMS + K;
      Items[K] = C < cols ? Row[C] : 0;
    }
    int TileTotal;
    Scan(Temp).ExclusiveSum(Items, Items, TileTotal);
#pragma unroll
    for (int K = 0; K < ITEMS; ++K) {
      int C = Tile + threadIdx.x * ITEMS + K;
      if (C < cols)
        OutRow[C] = Carry + Items[K];
    }
    Carry += TileTotal;
    __syncthreads(); // Temp is reused by the next tile
  }
}

void sumRows(int rows, int cols, const int *in, long long *sums,
             cudaStream_t s) {
#pragma autotune space(BLOCK = pow2(32, 1024)) default(BLOCK = 256)            \
    key(rows, cols) verify(sums[rows]) name("cub_row_sums")
  rowSums<BLOCK><<<rows, BLOCK, 0, s>>>(cols, in, sums);
}

void scanRows(int rows, int cols, const int *in, int *out, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256, 512}, ITEMS = {1, 2, 4, 8})          \
    where(BLOCK *ITEMS <= 2048) default(BLOCK = 128, ITEMS = 4)                \
        key(rows, cols) verify(out[rows * cols]) name("cub_row_scan")
  rowExclusiveScan<BLOCK, ITEMS><<<rows, BLOCK, 0, s>>>(cols, in, out);
}

int main() {
  const int Rows = 2048, Cols = 3000; // not a multiple of any tile
  std::vector<int> In(static_cast<size_t>(Rows) * Cols);
  for (size_t I = 0; I < In.size(); ++I)
    In[I] =
        static_cast<int>((static_cast<std::uint32_t>(I) * 2654435761u) >> 28) -
        7; // -7 .. 8

  int *DIn, *DScan;
  long long *DSums;
  CHECK_CUDA(cudaMalloc(&DIn, In.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DScan, In.size() * sizeof(int)));
  CHECK_CUDA(cudaMalloc(&DSums, Rows * sizeof(long long)));
  CHECK_CUDA(cudaMemcpy(DIn, In.data(), In.size() * sizeof(int),
                        cudaMemcpyHostToDevice));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  for (int Call = 0; Call < 2; ++Call) { // the first call tunes
    sumRows(Rows, Cols, DIn, DSums, S);
    scanRows(Rows, Cols, DIn, DScan, S);
  }
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaStreamSynchronize(S));

  std::vector<long long> Sums(Rows);
  std::vector<int> Scan(In.size());
  CHECK_CUDA(cudaMemcpy(Sums.data(), DSums, Rows * sizeof(long long),
                        cudaMemcpyDeviceToHost));
  CHECK_CUDA(cudaMemcpy(Scan.data(), DScan, Scan.size() * sizeof(int),
                        cudaMemcpyDeviceToHost));
  long Wrong = 0;
  for (int R = 0; R < Rows; ++R) {
    long long Running = 0;
    for (int C = 0; C < Cols; ++C) {
      size_t I = static_cast<size_t>(R) * Cols + C;
      Wrong += Scan[I] != Running;
      Running += In[I];
    }
    Wrong += Sums[R] != Running;
  }
  std::uint64_t Sum = fnv1a(Sums.data(), Sums.size() * sizeof(long long));
  Sum = fnv1a(Scan.data(), Scan.size() * sizeof(int), Sum);
  CHECK_CUDA(cudaFree(DIn));
  CHECK_CUDA(cudaFree(DScan));
  CHECK_CUDA(cudaFree(DSums));
  CHECK_CUDA(cudaStreamDestroy(S));
  return report("cub_block_reduce", Sum, Wrong);
}
