// A program shaped like the code autotune-annotate meets: launchers in a
// header (include/ops/launchers.cuh), a function template, dim3 blocks, a
// ceil-division macro, launches in 'if' fallbacks, literal and const block
// sizes, a template kernel, a grid-stride loop with a hand-picked grid.
//
// main runs every launch once on deterministic inputs and prints, per
// launch, 'LABEL: <FNV-1a of the output's bytes>'. test/gpu/annotate/build
// builds this file as it is and as 'autotune-annotate --fix' leaves it;
// scripts/gpu-check compares their lines (docs/gpu-tests.md).
#include "ops/launchers.cuh"

#include "corpus.h"

#include <vector>

__global__ void reluKernel(int n, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] > 0.0f ? in[i] : 0.0f;
}

// A literal block size, the grid's '255' and '256' its spelling.
void relu(int n, const float *in, float *out) {
  reluKernel<<<(n + 255) / 256, 256>>>(n, in, out);
}

__global__ void biasAddKernel(int rows, int cols, const float *bias,
                              float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < rows * cols)
    out[i] += bias[i % cols];
}

// A const block size, the grid computed first.
void biasAdd(int rows, int cols, const float *bias, float *out) {
  const int block_size = 512;
  const int grid_size = CEIL_DIV(rows * cols, block_size);
  biasAddKernel<<<grid_size, block_size>>>(rows, cols, bias, out);
}

#define TILE 32
__global__ void transposeTiled(int nx, int ny, const float *in, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < nx && y + j < ny)
      tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * nx + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += blockDim.y)
    if (x < ny && y + j < nx)
      out[(y + j) * ny + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeNaive(int nx, int ny, const float *in, float *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx && y < ny)
    out[x * ny + y] = in[y * nx + x];
}

// The tiled kernel where the sizes are multiples of the tile, the naive one
// as the fallback: both dim3.
void transpose(int nx, int ny, const float *in, float *out) {
  if (nx % TILE == 0 && ny % TILE == 0) {
    dim3 block(TILE, 8);
    dim3 grid(nx / TILE, ny / TILE);
    transposeTiled<<<grid, block>>>(nx, ny, in, out);
  } else {
    dim3 block(16, 16);
    dim3 grid((nx + block.x - 1) / block.x, (ny + block.y - 1) / block.y);
    transposeNaive<<<grid, block>>>(nx, ny, in, out);
  }
}

template <int BLOCK_THREADS>
__global__ void squareKernel(int n, const float *in, float *out) {
  int i = blockIdx.x * BLOCK_THREADS + threadIdx.x;
  if (i < n)
    out[i] = in[i] * in[i];
}

// A template kernel whose argument is the block size.
void square(int n, const float *in, float *out) {
  squareKernel<128><<<(n + 127) / 128, 128>>>(n, in, out);
}

// A grid-stride loop: any grid covers n, and the hand-picked 132 is tuned.
__global__ void clampKernel(int n, float lo, float hi, const float *in,
                            float *out) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i] < lo ? lo : (in[i] > hi ? hi : in[i]);
}

void clampValues(int n, float lo, float hi, const float *in, float *out) {
  if (n > 0)
    clampKernel<<<132, 256>>>(n, lo, hi, in, out);
}

// Partial sums, one a block, added on the host in order: the sum's rounding
// depends on the block size, and the host reads 'blocks' partials.
__global__ void blockSumKernel(int n, const float *in, float *partials) {
  extern __shared__ float cache[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  cache[threadIdx.x] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (unsigned half = blockDim.x / 2; half > 0; half /= 2) {
    if (threadIdx.x < half)
      cache[threadIdx.x] += cache[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    partials[blockIdx.x] = cache[0];
}

float blockSum(int n, const float *in, float *partials) {
  const int threads = 256;
  const int blocks = CEIL_DIV(n, threads);
  blockSumKernel<<<blocks, threads, threads * sizeof(float)>>>(n, in, partials);
  std::vector<float> host(blocks);
  CHECK_CUDA(cudaMemcpy(host.data(), partials, blocks * sizeof(float),
                        cudaMemcpyDeviceToHost));
  float sum = 0.0f;
  for (float p : host)
    sum += p;
  return sum;
}

static void printChecksum(const char *Label, const float *Host, int Count) {
  std::printf(
      "%s: %016llx\n", Label,
      static_cast<unsigned long long>(fnv1a(Host, Count * sizeof(float))));
}

// The checksum of Count elements of Device, once the launch has finished.
static void print(const char *Label, const float *Device, int Count) {
  CHECK_CUDA(cudaGetLastError());
  CHECK_CUDA(cudaDeviceSynchronize());
  std::vector<float> Host(Count);
  CHECK_CUDA(cudaMemcpy(Host.data(), Device, Count * sizeof(float),
                        cudaMemcpyDeviceToHost));
  printChecksum(Label, Host.data(), Count);
}

int main() {
  // N is no multiple of a block size; the tiled transpose takes 1024 x 1024.
  const int Rows = 1000, Cols = 1027, N = Rows * Cols, Capacity = 1 << 20;
  std::vector<float> Input(Capacity);
  for (int I = 0; I < Capacity; ++I)
    Input[I] = static_cast<float>(I % 97) * 0.25f - 12.0f;
  float *In, *Out, *Bias;
  CHECK_CUDA(cudaMalloc(&In, Capacity * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Out, Capacity * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Bias, Cols * sizeof(float)));
  CHECK_CUDA(cudaMemcpy(In, Input.data(), Capacity * sizeof(float),
                        cudaMemcpyHostToDevice));
  CHECK_CUDA(cudaMemcpy(Bias, Input.data(), Cols * sizeof(float),
                        cudaMemcpyHostToDevice));
  // Each launch writes Out from scratch (biasAdd and axpy update it).
  auto Reset = [&] {
    CHECK_CUDA(cudaMemcpy(Out, In, Capacity * sizeof(float),
                          cudaMemcpyDeviceToDevice));
  };

  Reset();
  axpy(N, 1.5f, In, Out, 0);
  print("axpy", Out, N);
  Reset();
  scaleCopy<float>(N, 0.75f, In, Out, 0);
  print("scaleCopy", Out, N);
  Reset();
  relu(N, In, Out);
  print("relu", Out, N);
  Reset();
  biasAdd(Rows, Cols, Bias, Out);
  print("biasAdd", Out, N);
  Reset();
  transpose(1024, 1024, In, Out); // tiled
  print("transposeTiled", Out, 1024 * 1024);
  Reset();
  transpose(Cols, Rows, In, Out); // the fallback
  print("transposeNaive", Out, N);
  Reset();
  square(N, In, Out);
  print("square", Out, N);
  Reset();
  clampValues(N, -5.0f, 5.0f, In, Out);
  print("clamp", Out, N);
  Reset();
  float Sum = blockSum(N, In, Out);
  printChecksum("blockSum", &Sum, 1);
  CHECK_CUDA(cudaFree(In));
  CHECK_CUDA(cudaFree(Out));
  CHECK_CUDA(cudaFree(Bias));
  return 0;
}
