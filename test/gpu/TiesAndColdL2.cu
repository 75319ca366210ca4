// Issue 26, points 3 and 5 on a GPU: a decision that does not flip on
// noise, and measure(cold_l2). Points 0.2 % apart (the global timer's spin,
// steady to well under that) cannot be told apart: in every one of ten
// tunings (ten keys), the default point stays where it is among them, and
// where it is not, the first of them in the space's order wins, though
// the other reads 0.2 % faster. A site with measure(cold_l2) tunes as any
// other (the fastest point, clear by 2x, wins; the log says nothing of a
// flush that failed) and the program's error state is untouched; the
// first calls' times with and without it are printed for the record.
#include "GpuTest.h"

#include <autotune/autotune.h>

#include <chrono>

// The default point, 501, is 0.2 % behind 500: a tie it keeps. (At 200
// and 201 us, 0.5 % apart, 2 of 10 tunings of the other site read them 1 %
// apart on an H200: points that far apart differ by about the resolution.)
void defaultInTie(int *Ran, int Key) {
#pragma autotune space(US = {500, 501, 1000}) default(US = 501) key(Key)       \
    name("tie_keeps_default")
  spinFor<US><<<1, 32>>>(US, Ran);
}

// No default among the tie: 501 comes first in the space, 500 is 0.2 %
// faster; 501 wins, every time.
void orderDecides(int *Ran, int Key) {
#pragma autotune space(US = {1000, 501, 500}) key(Key) name("tie_order")
  spinFor<US><<<1, 32>>>(US, Ran);
}

// Reads N floats: memory-bound; its data (16 MB) fits in an H100's or
// H200's L2.
template <int BLOCK>
__global__ void sumInto(int N, const float *X, float *Out) {
  float S = 0;
  for (int I = blockIdx.x * BLOCK + threadIdx.x; I < N; I += gridDim.x * BLOCK)
    S += X[I];
  if (S == -1.0f) // never: keeps the loads
    *Out = S;
}

double firstCallMs(void (*Call)(int, const float *, float *), int N,
                   const float *X, float *Out) {
  auto T0 = std::chrono::steady_clock::now();
  Call(N, X, Out);
  CHECK_CUDA(cudaDeviceSynchronize());
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - T0)
      .count();
}

void coldSum(int N, const float *X, float *Out) {
#pragma autotune space(BLOCK = {128, 256, 512}) measure(cold_l2)               \
    name("cold_sum")
  sumInto<BLOCK><<<264, BLOCK>>>(N, X, Out);
}

void warmSum(int N, const float *X, float *Out) {
#pragma autotune space(BLOCK = {128, 256, 512}) name("warm_sum")
  sumInto<BLOCK><<<264, BLOCK>>>(N, X, Out);
}

void coldSpin(int *Ran) {
#pragma autotune space(US = {400, 100, 200}) measure(cold_l2) name("cold_spin")
  spinFor<US><<<1, 32>>>(US, Ran);
}

int main() {
  if (deviceCount() == 0)
    return skip("TiesAndColdL2", "no GPU");
  int *Ran;
  CHECK_CUDA(cudaMalloc(&Ran, sizeof(int)));
  for (int Key = 0; Key < 10; ++Key) {
    defaultInTie(Ran, Key);
    CHECK_CUDA(cudaDeviceSynchronize());
    EXPECT(readInt(Ran) == 501, "key %d: ran US = %d, want the default 501",
           Key, readInt(Ran));
    orderDecides(Ran, Key);
    CHECK_CUDA(cudaDeviceSynchronize());
    EXPECT(readInt(Ran) == 501,
           "key %d: ran US = %d, want 501, first of the tie", Key,
           readInt(Ran));
  }

  coldSpin(Ran);
  CHECK_CUDA(cudaDeviceSynchronize());
  EXPECT(readInt(Ran) == 100, "cold_l2: ran US = %d, want 100", readInt(Ran));

  const int N = 4 << 20; // 16 MB of floats
  float *X, *Out;
  CHECK_CUDA(cudaMalloc(&X, N * sizeof(float)));
  CHECK_CUDA(cudaMemset(X, 0, N * sizeof(float)));
  CHECK_CUDA(cudaMalloc(&Out, sizeof(float)));
  double Warm = firstCallMs(warmSum, N, X, Out);
  double Cold = firstCallMs(coldSum, N, X, Out);
  std::printf("first call: warm_sum %.2f ms, cold_sum %.2f ms\n", Warm, Cold);
  CHECK_CUDA(cudaGetLastError());
  return finish("TiesAndColdL2");
}
