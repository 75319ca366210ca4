// The verify(...) tests of 2-byte floating-point types
// (VerifyCudaHalfOnTheHost.cpp, VerifyTorchHalfByValue.cpp): a buffer
// filled with the value whose bits are those of BASE plus ULPS, a number
// ULPS units in the last place from BASE's (or a NaN of another payload).
#ifndef ULPS_H
#define ULPS_H

#include <cstring>

template <class T, int ULPS> void fill(T *Out, int N, unsigned short Base) {
  unsigned short Bits = static_cast<unsigned short>(Base + ULPS);
  for (int I = 0; I < N; ++I)
    std::memcpy(&Out[I], &Bits, sizeof Bits);
}

#endif
