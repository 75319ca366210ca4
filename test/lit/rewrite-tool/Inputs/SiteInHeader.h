inline void in_header(int *x) {
#pragma autotune space(B = {1, 2})
  work<B>(x);
}
