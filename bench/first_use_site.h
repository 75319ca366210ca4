// A two-point site of an empty kernel, which a benchmark tunes once before
// what it measures: the runtime's one-time costs of a process (environment,
// device identification, event creation) land there, not in the first
// figure. Shared by tuning_cost and online_latency.
#ifndef AUTOTUNE_BENCH_FIRST_USE_SITE_H
#define AUTOTUNE_BENCH_FIRST_USE_SITE_H

#include <autotune/autotune.h>

template <int V> __global__ void firstUseKernel(int n) {
  if (n < 0)
    asm volatile("trap;");
}

void firstUseRun(int n, cudaStream_t s) {
#pragma autotune space(V = {0, 1}) key(n) name("first_use")
  firstUseKernel<V><<<1, 32, 0, s>>>(n);
}

#endif // AUTOTUNE_BENCH_FIRST_USE_SITE_H
