// Issue 12, point 1, on a GPU: tuneNow() tunes a launch site from the
// program's initialisation, chosenPoint() returns the winner on this
// device (BLOCK = 256 is the only block size that is fast), and the next
// real call dispatches it without tuning. A second kernel is launched with
// the block size read from the first site's result.
#include "GpuTest.h"

#include <autotune/autotune.h>
#include <autotune/results.h>

#include <cstring>

// BLOCK = 256 finishes at once; the others spin for 300 us first.
template <int BLOCK> __global__ void blockSized(int *Out) {
  if (BLOCK != 256 && threadIdx.x == 0) {
    long long Start = clock64();
    while (clock64() - Start < 300000)
      ;
  }
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *Out = BLOCK;
}

__global__ void writeBlockDim(int *Out) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *Out = blockDim.x;
}

void sized(int *Out, int N, cudaStream_t S) {
#pragma autotune space(BLOCK = {64, 128, 256, 512}) key(N) name("read_in_code")
  blockSized<BLOCK><<<(N + BLOCK - 1) / BLOCK, BLOCK, 0, S>>>(Out);
}

int main() {
  int *Out;
  CHECK_CUDA(cudaMalloc(&Out, sizeof(int)));
  cudaStream_t S;
  CHECK_CUDA(cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking));

  autotune::Choice Before = autotune::chosenPoint("read_in_code", 4096);
  EXPECT(!Before, "a choice before the site ran: %s", Before.text().c_str());

  autotune::Choice C = autotune::tuneNow(
      "read_in_code", [&] { sized(Out, 4096, S); }, 4096);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(C, "tuneNow gave no choice: %s", C.reason().c_str());
  EXPECT(C.value("BLOCK", -1) == 256, "tuneNow chose %s, want BLOCK=256",
         C.text().c_str());
  EXPECT(readInt(Out) == 256, "the call ran BLOCK = %d, want 256",
         readInt(Out));

  autotune::Choice Read = autotune::chosenPoint("read_in_code", 4096);
  EXPECT(Read.value("BLOCK", -1) == 256, "chosenPoint read %s",
         Read.text().c_str());
  EXPECT(!autotune::chosenPoint("read_in_code", 8192),
         "a choice for a key never met");

  // The second kernel configured from the first one's result.
  writeBlockDim<<<1, static_cast<unsigned>(Read.value("BLOCK", 32)), 0, S>>>(
      Out);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Out) == 256, "second kernel ran with %d threads",
         readInt(Out));

  sized(Out, 4096, S);
  CHECK_CUDA(cudaStreamSynchronize(S));
  EXPECT(readInt(Out) == 256, "the real call ran BLOCK = %d", readInt(Out));
  CHECK_CUDA(cudaGetLastError());
  return finish("WinnerReadInCode");
}
