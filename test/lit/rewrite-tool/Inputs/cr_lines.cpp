// Lines end in a lone carriage return in the copy the test makes.
#include <autotune/autotune.h>

template <int B> int work(int x) { return x * B; }

int run(int x) {
  int out = 0;
#pragma autotune space(B = {1, 2}) \
    key() name("cr-only")
  out = work<B>(x);
  return out;
}

int line_after_site = __LINE__;
#warning line-marker
