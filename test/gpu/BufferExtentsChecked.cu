// Issue 9, point 3 and 4: restore(...) ranges on cudaMalloc memory are
// checked against their allocation before tuning copies them. A count in
// bytes instead of elements, one element too many and a negative count are
// reported (gpu-check reads the log: the clause, the bytes asked and the
// bytes allocated) and the default point runs once, so every result here is
// one in-place update and no CUDA error reaches the program. A correct count
// tunes; a later call with another count is reported once.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <vector>

template <int BLOCK> __global__ void addOne(long n, float *c) {
  long I = static_cast<long>(blockIdx.x) * BLOCK + threadIdx.x;
  if (I < n)
    c[I] += 1.0f;
}

void bytesForElements(int n, float *c, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256}) restore(c[n * n * sizeof(float)])   \
    name("bytes_for_elements")
  addOne<BLOCK>
      <<<(long(n) * n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(long(n) * n, c);
}

void oneTooMany(long n, float *c, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256}) restore(c[n + 1])                   \
    name("one_too_many")
  addOne<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, c);
}

void negativeCount(long n, long m, float *c, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256}) restore(c[n - m])                   \
    name("negative_count")
  addOne<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, c);
}

void rightCount(long n, float *c, cudaStream_t s) {
#pragma autotune space(BLOCK = {128, 256}) restore(c[n]) name("right_count")
  addOne<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK, 0, s>>>(n, c);
}

// Every element of c[0, n) is Want.
void expectAll(const char *Site, const float *c, long n, float Want,
               cudaStream_t s) {
  std::vector<float> Got(n);
  CHECK_CUDA(cudaMemcpyAsync(Got.data(), c, n * sizeof(float),
                             cudaMemcpyDeviceToHost, s));
  CHECK_CUDA(cudaStreamSynchronize(s));
  long Wrong = 0;
  for (float V : Got)
    Wrong += V != Want;
  EXPECT(Wrong == 0, "%s: %ld of %ld elements are not %g", Site, Wrong, n,
         Want);
}

int main() {
  if (deviceCount() == 0)
    return skip("BufferExtentsChecked", "no GPU");
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreate(&S));

  // n * n floats; the count asks for four times as many.
  const int N = 256;
  float *C;
  CHECK_CUDA(cudaMalloc(&C, long(N) * N * sizeof(float)));
  CHECK_CUDA(cudaMemsetAsync(C, 0, long(N) * N * sizeof(float), S));
  bytesForElements(N, C, S);
  CHECK_CUDA(cudaGetLastError());
  expectAll("bytes_for_elements", C, long(N) * N, 1.0f, S);
  CHECK_CUDA(cudaFree(C));

  // An allocation of 1000 floats, not a round size; the count is 1001.
  const long M = 1000;
  float *D;
  CHECK_CUDA(cudaMalloc(&D, M * sizeof(float)));
  CHECK_CUDA(cudaMemsetAsync(D, 0, M * sizeof(float), S));
  oneTooMany(M, D, S);
  CHECK_CUDA(cudaGetLastError());
  expectAll("one_too_many", D, M, 1.0f, S);

  negativeCount(M, M + 5, D, S);
  CHECK_CUDA(cudaGetLastError());
  expectAll("negative_count", D, M, 2.0f, S);

  // Tuned: every run restored, the program sees one. Then a smaller count.
  rightCount(M, D, S);
  CHECK_CUDA(cudaGetLastError());
  expectAll("right_count", D, M, 3.0f, S);
  rightCount(M / 2, D, S);
  CHECK_CUDA(cudaGetLastError());
  expectAll("right_count (half)", D, M / 2, 4.0f, S);
  CHECK_CUDA(cudaFree(D));

  CHECK_CUDA(cudaStreamDestroy(S));
  return finish("BufferExtentsChecked");
}
