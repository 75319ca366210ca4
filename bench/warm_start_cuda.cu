// bench/warm_start.cpp built as CUDA: the first call of a tuned launch site
// with a warm cache, against tuning and against AUTOTUNE=off.
//
//   scripts/build-bench   (builds it with the others)
//   build/bench/bin/warm_start_cuda [--runs N]
#include "warm_start.cpp"
