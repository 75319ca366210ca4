// The in-place operator of HostOperatorBothRoutes.cpp, in a header of its
// own: a site in a header the extension includes is rewritten too.
#ifndef INCREMENT_OP_H
#define INCREMENT_OP_H

#include <ATen/ATen.h>

#include <autotune/autotune.h>

#include <algorithm>
#include <cstdint>

// x[i] += 1 in place: every tuning run adds one, so restore(...) puts the
// tensor's memory back before each run and before the final one.
template <int TILE> void increment(int64_t *X, int64_t N) {
  for (int64_t Start = 0; Start < N; Start += TILE)
    for (int64_t I = Start; I < std::min<int64_t>(Start + TILE, N); ++I)
      X[I] += 1;
}

inline at::Tensor increment_(at::Tensor x) {
  TORCH_CHECK(x.dtype() == at::kLong && x.is_contiguous(),
              "increment_: a contiguous int64 tensor");
  int64_t *X = x.data_ptr<int64_t>();
  int64_t N = x.numel();
#pragma autotune space(TILE = {64, 512, 4096}) key(N) restore(X[N]) \
                 name("increment_")
  increment<TILE>(X, N);
  return x;
}

#endif // INCREMENT_OP_H
