// A C++ header with a host site and no device code (CudaHeaderSuffixes.cu).
#include <autotune/autotune.h>

template <int B> int blocked(int n) { return n / B; }

inline int run_blocked(int n) {
  int out = 0;
#pragma autotune space(B = {1, 2}) key(n)
  out = blocked<B>(n);
  return out;
}
