// verify(...) on CUDA's __half and __nv_bfloat16 in a file a host compiler
// compiles (a .cpp of a PyTorch extension, say: no __CUDACC__), with
// cuda_fp16.h included after autotune's header: the elements are compared
// as the numbers they are, within half's and bfloat16's default bounds, not
// bytewise. A variant 1 ulp off passes; one 4 ulp off is rejected, and the
// message gives both values as numbers.
// REQUIRES: cuda
// RUN: %clangxx %autotune %cuda-host-include -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include "Inputs/ulps.h"

int main() {
  const int N = 16;
  __half H[N];
  __nv_bfloat16 B[N];
// CHECK: autotune: half device={{.*}}: variant ULPS=4 rejected: 'H[N]' element 0 is 1.0039062, the default point gives 1:
// CHECK: autotune: half device={{.*}}: 3/3 variants (1 rejected), winner
#pragma autotune space(ULPS = {0, 1, 4}) verify(H[N]) name("half")
  fill<__half, ULPS>(H, N, 0x3c00);
// CHECK-NOT: rejected
// CHECK: autotune: bfloat16 device={{.*}}: 2/2 variants, winner
#pragma autotune space(ULPS = {0, 1}) verify(B[N]) name("bfloat16")
  fill<__nv_bfloat16, ULPS>(B, N, 0x3f80);
  return 0;
}
