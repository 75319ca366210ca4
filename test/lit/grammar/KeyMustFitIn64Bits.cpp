// A key is held exactly in 64 bits, or refused: a value of a wider type
// (__int128, unsigned __int128, _BitInt(65), an enum based on __int128) is a
// compile error at the key that says what to write instead, never a key cut
// to its low 64 bits (2^64 + 5 would share the key of 5).
// RUN: %not %clangxx %autotune -fsyntax-only -DINT128 -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,INT128 --implicit-check-not=error:
// RUN: %not %clangxx %autotune -fsyntax-only -DUINT128 -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,UINT128 --implicit-check-not=error:
// RUN: %not %clangxx %autotune -fsyntax-only -DBITINT -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,BITINT --implicit-check-not=error:
// RUN: %not %clangxx %autotune -fsyntax-only -DENUM -fno-caret-diagnostics %s 2>&1 | %FileCheck %s --check-prefixes=CHECK,ENUM --implicit-check-not=error:
// Every integer type of 64 bits or less is a key, _BitInt(64) too.
// RUN: %clangxx %autotune -fsyntax-only -Wno-bit-int-extension %s

#include <autotune/autotune.h>

template <int A> void work(int *x) { x[0] = A; }

#if defined(INT128)
void wide_key(int *x, __int128 n) {
#pragma autotune space(A = {1, 2}) key(n)
  work<A>(x);
}
// INT128: KeyMustFitIn64Bits.cpp:[[@LINE-3]]:40: error:
#elif defined(UINT128)
void wide_key(int *x, unsigned __int128 n) {
#pragma autotune space(A = {1, 2}) key(n)
  work<A>(x);
}
// UINT128: KeyMustFitIn64Bits.cpp:[[@LINE-3]]:40: error:
#elif defined(BITINT)
void wide_key(int *x, _BitInt(65) n) {
#pragma autotune space(A = {1, 2}) key(n)
  work<A>(x);
}
// BITINT: KeyMustFitIn64Bits.cpp:[[@LINE-3]]:40: error:
#elif defined(ENUM)
enum class Wide : __int128 { Big };
void wide_key(int *x, Wide n) {
#pragma autotune space(A = {1, 2}) key(n)
  work<A>(x);
}
// ENUM: KeyMustFitIn64Bits.cpp:[[@LINE-3]]:40: error:
#else
enum class Small : unsigned char { One = 1 };
void narrow_keys(int *x, bool b, char c, signed char sc, unsigned char uc,
                 wchar_t w, char16_t c16, char32_t c32, short s,
                 unsigned short us, int i, unsigned u, long l, unsigned long ul,
                 long long ll, unsigned long long ull, Small e,
                 _BitInt(64) bi, unsigned _BitInt(33) ubi) {
#pragma autotune space(A = {1, 2}) key(b, c, sc, uc, w, c16, c32, s, us, i, u, l, ul, ll, ull, e, bi, ubi)
  work<A>(x);
}
#endif
// CHECK-SAME: a key(...) value must fit in 64 bits: convert it to a 64-bit type, or split it into two keys, key(uint64_t(x >> 64), uint64_t(x))
