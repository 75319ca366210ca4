// A variant that faults as the second run of the warm-ups' first round,
// right behind the default point: the round waits for the default point's
// run to end before it holds more (Backend::RoundLength), and that wait may
// be the first call to meet the fault. The fault must still be blamed on
// BLOCK=512, not on the default point, whose run ended before it, nor on a
// variant after it. The program exits 0 once it has seen the error;
// scripts/gpu-check also looks for the variant in the log.
#include "GpuTest.h"

#include <autotune/autotune.h>

void touchRun(int n, int *out) {
#pragma autotune space(BLOCK = {128, 512, 256, 1024}) name("fault_before_pace")
  touch<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, out);
}

int main() {
  return expectFaultAfterCall(touchRun, "StickyFaultBeforeThePace");
}
