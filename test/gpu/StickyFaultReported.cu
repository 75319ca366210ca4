// Issue 3, point 2: a variant that faults (illegal address) poisons the
// context; the fault is reported with the variant that caused it. The
// warm-ups are queued back to back behind the default point's, so the
// faulting BLOCK=512 runs between two that do not: the fault must still be
// blamed on it, not on the first of its round. The program exits 0 once it
// has seen the error; scripts/gpu-check also looks for the variant in the
// log.
#include "GpuTest.h"

#include <autotune/autotune.h>

void touchRun(int n, int *out) {
#pragma autotune space(BLOCK = {128, 256, 512, 1024}) name("sticky_fault")
  touch<BLOCK><<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(n, out);
}

int main() { return expectFaultAfterCall(touchRun, "StickyFaultReported"); }
