// Values and 'where' are evaluated in 64-bit signed arithmetic, and a result
// that does not fit is an error at its operator, with the operands, rather
// than a value wrapped around or an error in generated code.
// RUN: %clangxx %autotune -fsyntax-only -Xclang -verify %s

#include <autotune/autotune.h>

template <long long B> void work(long long *x);

void values(long long *x) {
#pragma autotune space(B = {9223372036854775807 + 1}) // expected-error {{integer overflow in 'space': 9223372036854775807 + 1 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {-9223372036854775807 - 2}) // expected-error {{integer overflow in 'space': -9223372036854775807 - 2 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {4294967296 * 4294967296}) // expected-error {{integer overflow in 'space': 4294967296 * 4294967296 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {(-9223372036854775807 - 1) / -1}) // expected-error {{integer overflow in 'space': -9223372036854775808 / -1 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {-(-9223372036854775807 - 1)}) // expected-error {{integer overflow in 'space': -(-9223372036854775808) does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {1 << 63}) // expected-error {{integer overflow in 'space': 1 << 63 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = {1 >> 64}) // expected-error {{integer overflow in 'space': 1 >> 64 does not fit in a 64-bit signed integer}}
  work<B>(x);
#pragma autotune space(B = range(0, 8, 9223372036854775807 * 2)) // expected-error {{integer overflow in 'range'}}
  work<B>(x);
  // At the limits, but inside them: fine.
#pragma autotune space(B = {9223372036854775807, -1 << 63, 1 << 62, (-9223372036854775807 - 1) % -1})
  work<B>(x);
}

void where(long long *x) {
  // Reported once, at the operator, for the first point where it overflows.
#pragma autotune space(B = {1, 4294967296}) where(B * B > 0) // expected-error {{integer overflow in 'where': 4294967296 * 4294967296 does not fit in a 64-bit signed integer}}
  work<B>(x);
}
