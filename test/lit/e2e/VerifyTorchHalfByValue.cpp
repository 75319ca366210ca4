// verify(...) on PyTorch's at::Half and at::BFloat16 (c10::Half,
// c10::BFloat16): the elements are compared as the numbers they are,
// within half's and bfloat16's default bounds, not bytewise, with only
// torch's header of the type included (after autotune's). A variant 1 ulp
// off passes; one 4 ulp off is rejected, and the message gives both values
// as numbers; NaN where the default point gives NaN passes.
// REQUIRES: torch
// RUN: %clangxx %autotune %torch-include -O1 %s %runtime -o %t
// RUN: env AUTOTUNE_CACHE=off AUTOTUNE_LOG=1 %t 2>&1 | %FileCheck %s

#include <autotune/autotune.h>

#include <c10/util/BFloat16.h>
#include <c10/util/Half.h>

#include "Inputs/ulps.h"

int main() {
  const int N = 16;
  c10::Half H[N];
  c10::BFloat16 B[N];
// CHECK: autotune: half device={{.*}}: variant ULPS=4 rejected: 'H[N]' element 0 is 1.0039062, the default point gives 1:
// CHECK: autotune: half device={{.*}}: 3/3 variants (1 rejected), winner
#pragma autotune space(ULPS = {0, 1, 4}) verify(H[N]) name("half")
  fill<c10::Half, ULPS>(H, N, 0x3c00);
// CHECK-NOT: rejected
// CHECK: autotune: bfloat16 device={{.*}}: 2/2 variants, winner
#pragma autotune space(ULPS = {0, 1}) verify(B[N]) name("bfloat16")
  fill<c10::BFloat16, ULPS>(B, N, 0x3f80);
// CHECK-NOT: rejected
// CHECK: autotune: nan device={{.*}}: 2/2 variants, winner
#pragma autotune space(ULPS = {0, 1}) verify(H[N]) name("nan")
  fill<c10::Half, ULPS>(H, N, 0x7e00);
  return 0;
}
