// Points B = 8 and 16 fail the 'static_assert': the build leaves them out.
#include <autotune/autotune.h>

#include <cstdio>

template <int B> int work(int N) {
  static_assert(B <= 4, "the block is too large");
  return N * B;
}

int main() {
  int Result = 0;
#pragma autotune space(B = {1, 2, 4, 8, 16}) name("work")
  Result = work<B>(3);
  std::printf("host_points: %s\n",
              Result % 3 == 0 && Result <= 12 ? "OK" : "wrong");
  return 0;
}
