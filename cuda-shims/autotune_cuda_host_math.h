// Host-side math that nvcc's headers give host code and clang's CUDA headers
// do not. Code written for nvcc calls `isfinite(x)`, `max(a, b)`, `sqrt(x)`
// on floats from host functions; under clang 19 the global names are
// __device__ overloads only (from __clang_cuda_math.h and
// __clang_cuda_cmath.h), so such a file fails with "no matching function for
// call to 'isfinite'" (or silently computes in double, for `sqrt(float)`).
// nvcc makes them __host__ __device__ in crt/math_functions.{h,hpp}.
//
// This header adds host overloads only: device code keeps clang's own
// functions, and a __host__ __device__ function uses this header's overload
// when compiled for the host and clang's when compiled for the GPU, as under
// nvcc. It is included by autotune_cuda_intrinsics.h, so every route that
// force-includes that shim gets it. The table of what nvcc offers host code
// and what this supplies is in docs/cuda.md ("Host math").
//
// Checked: clang 19 lacks all of them. A later clang that ships its own can
// be excluded with -DAUTOTUNE_CLANG_HOST_MATH_SINCE=<major>; a file that
// defines its own host `max`/`min` can opt out with -DAUTOTUNE_NO_HOST_MATH.
#ifndef AUTOTUNE_CUDA_HOST_MATH_H
#define AUTOTUNE_CUDA_HOST_MATH_H

#ifndef AUTOTUNE_CLANG_HOST_MATH_SINCE
#define AUTOTUNE_CLANG_HOST_MATH_SINCE                                         \
  999 // no released clang known to have them
#endif

#if defined(__clang__) && defined(__CUDA__) && defined(__cplusplus) &&         \
    __clang_major__ < AUTOTUNE_CLANG_HOST_MATH_SINCE &&                        \
    !defined(AUTOTUNE_NO_HOST_MATH)

// Classification (isfinite, isnan, isinf, signbit, isnormal, fpclassify,
// isgreater, ...) and the float and long double overloads of <cmath>
// (sqrt(float) -> float, as under nvcc): libstdc++'s <math.h> brings them
// into the global namespace with using-declarations. A file that includes
// <math.h> itself gets the same declarations, so they can never collide with
// it; clang's CUDA headers are written to coexist with them.
#include <math.h>

#pragma push_macro("__AT_HOST_MINMAX")

// nvcc's set (crt/math_functions.hpp), with its semantics: floating point
// through fmax/fmin (a NaN operand yields the other one), mixed signedness
// compared as unsigned. Mixed integer and floating-point arguments
// (`max(1, x)`) are ambiguous under nvcc, and stay ambiguous here.
#define __AT_HOST_MINMAX(R, A, B, MaxExpr, MinExpr)                            \
  inline __host__ R max(A __a, B __b) { return MaxExpr; }                      \
  inline __host__ R min(A __a, B __b) { return MinExpr; }

#define __AT_INT_MAX (__a > __b ? __a : __b)
#define __AT_INT_MIN (__a < __b ? __a : __b)
__AT_HOST_MINMAX(int, int, int, __AT_INT_MAX, __AT_INT_MIN)
__AT_HOST_MINMAX(unsigned int, unsigned int, unsigned int, __AT_INT_MAX,
                 __AT_INT_MIN)
__AT_HOST_MINMAX(long int, long int, long int, __AT_INT_MAX, __AT_INT_MIN)
__AT_HOST_MINMAX(unsigned long int, unsigned long int, unsigned long int,
                 __AT_INT_MAX, __AT_INT_MIN)
__AT_HOST_MINMAX(long long int, long long int, long long int, __AT_INT_MAX,
                 __AT_INT_MIN)
__AT_HOST_MINMAX(unsigned long long int, unsigned long long int,
                 unsigned long long int, __AT_INT_MAX, __AT_INT_MIN)
#undef __AT_INT_MAX
#undef __AT_INT_MIN

#define __AT_MIXED_MAX(R)                                                      \
  (static_cast<R>(__a) > static_cast<R>(__b) ? static_cast<R>(__a)             \
                                             : static_cast<R>(__b))
#define __AT_MIXED_MIN(R)                                                      \
  (static_cast<R>(__a) < static_cast<R>(__b) ? static_cast<R>(__a)             \
                                             : static_cast<R>(__b))
__AT_HOST_MINMAX(unsigned int, int, unsigned int, __AT_MIXED_MAX(unsigned int),
                 __AT_MIXED_MIN(unsigned int))
__AT_HOST_MINMAX(unsigned int, unsigned int, int, __AT_MIXED_MAX(unsigned int),
                 __AT_MIXED_MIN(unsigned int))
__AT_HOST_MINMAX(unsigned long int, long int, unsigned long int,
                 __AT_MIXED_MAX(unsigned long int),
                 __AT_MIXED_MIN(unsigned long int))
__AT_HOST_MINMAX(unsigned long int, unsigned long int, long int,
                 __AT_MIXED_MAX(unsigned long int),
                 __AT_MIXED_MIN(unsigned long int))
__AT_HOST_MINMAX(unsigned long long int, long long int, unsigned long long int,
                 __AT_MIXED_MAX(unsigned long long int),
                 __AT_MIXED_MIN(unsigned long long int))
__AT_HOST_MINMAX(unsigned long long int, unsigned long long int, long long int,
                 __AT_MIXED_MAX(unsigned long long int),
                 __AT_MIXED_MIN(unsigned long long int))
#undef __AT_MIXED_MAX
#undef __AT_MIXED_MIN

__AT_HOST_MINMAX(float, float, float, ::fmaxf(__a, __b), ::fminf(__a, __b))
__AT_HOST_MINMAX(double, double, double, ::fmax(__a, __b), ::fmin(__a, __b))
__AT_HOST_MINMAX(double, float, double, ::fmax(static_cast<double>(__a), __b),
                 ::fmin(static_cast<double>(__a), __b))
__AT_HOST_MINMAX(double, double, float, ::fmax(__a, static_cast<double>(__b)),
                 ::fmin(__a, static_cast<double>(__b)))

#pragma pop_macro("__AT_HOST_MINMAX")

// nvcc's named integer forms (crt/math_functions.hpp, host part).
inline __host__ unsigned int umax(unsigned int __a, unsigned int __b) {
  return __a > __b ? __a : __b;
}
inline __host__ unsigned int umin(unsigned int __a, unsigned int __b) {
  return __a < __b ? __a : __b;
}
inline __host__ long long int llmax(long long int __a, long long int __b) {
  return __a > __b ? __a : __b;
}
inline __host__ long long int llmin(long long int __a, long long int __b) {
  return __a < __b ? __a : __b;
}
inline __host__ unsigned long long int ullmax(unsigned long long int __a,
                                              unsigned long long int __b) {
  return __a > __b ? __a : __b;
}
inline __host__ unsigned long long int ullmin(unsigned long long int __a,
                                              unsigned long long int __b) {
  return __a < __b ? __a : __b;
}

// Float overloads that neither <math.h> nor clang's CUDA wrapper declares
// (the wrapper has rsqrt, rcbrt, sinpi, cospi, sincospi, erfcinv, normcdf,
// normcdfinv and erfcx): without them the call converts to double and
// returns double, where nvcc's returns float.
inline __host__ void sincos(float __x, float *__s, float *__c) {
  ::sincosf(__x, __s, __c);
}
inline __host__ float exp10(float __x) { return ::exp10f(__x); }
inline __host__ float erfinv(float __x) { return ::erfinvf(__x); }
inline __host__ float j0(float __x) { return ::j0f(__x); }
inline __host__ float j1(float __x) { return ::j1f(__x); }
inline __host__ float jn(int __n, float __x) { return ::jnf(__n, __x); }
inline __host__ float y0(float __x) { return ::y0f(__x); }
inline __host__ float y1(float __x) { return ::y1f(__x); }
inline __host__ float yn(int __n, float __x) { return ::ynf(__n, __x); }

#endif // clang CUDA without nvcc's host math
#endif // AUTOTUNE_CUDA_HOST_MATH_H
