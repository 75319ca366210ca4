// Cache-hint load/store intrinsics (__ldcg, __ldca, __ldcs, __ldlu, __ldcv,
// __stwb, __stcg, __stcs, __stwt) for clang's CUDA mode. CUDA declares them in
// sm_32_intrinsics.h, which clang's CUDA wrapper headers deliberately keep out
// (they define only __ldg themselves), so code that nvcc compiles fails under
// clang with "no matching function for call to '__ldcs'". This header supplies
// them as inline PTX with the semantics of CUDA's own definitions. It is
// force-included (-include) after clang's __clang_cuda_runtime_wrapper.h, so
// the vector types are declared by then.
//
// Checked: clang 19 defines none of them (only __ldg). A later clang that
// ships its own can be excluded with
// -DAUTOTUNE_CLANG_CACHE_HINTS_SINCE=<major>.
#ifndef AUTOTUNE_CUDA_INTRINSICS_H
#define AUTOTUNE_CUDA_INTRINSICS_H

// The host-side math nvcc gives host code (isfinite, max, min on floats, ...):
// here so that every route that force-includes this shim gets it too.
#include "autotune_cuda_host_math.h"

#ifndef AUTOTUNE_CLANG_CACHE_HINTS_SINCE
#define AUTOTUNE_CLANG_CACHE_HINTS_SINCE                                       \
  999 // no released clang known to have them
#endif

#if defined(__clang__) && defined(__CUDA__) && defined(__cplusplus) &&         \
    __clang_major__ < AUTOTUNE_CLANG_CACHE_HINTS_SINCE &&                      \
    (!defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 320)

#pragma push_macro("__AT_LD1")
#pragma push_macro("__AT_LD2")
#pragma push_macro("__AT_LD4")
#pragma push_macro("__AT_ST1")
#pragma push_macro("__AT_ST2")
#pragma push_macro("__AT_ST4")
#pragma push_macro("__AT_LD_ALL")
#pragma push_macro("__AT_ST_ALL")
#pragma push_macro("__AT_PTR")

// The address is passed as a generic pointer to ld.global/st.global, as CUDA's
// own definitions do (generic and global addresses of global memory coincide).
// Every asm has a "memory" clobber so that it stays ordered with the thread's
// ordinary loads and stores; the "volatile" loads (.cv, .lu) are also volatile
// asm so that they are never merged or removed.
#define __AT_PTR "l"

// Device compilation: the asm. Host compilation: the declarations only need to
// exist so that __global__ functions type-check; they are never emitted, so
// the host pass gets a body without target-specific asm.
#if defined(__CUDA_ARCH__)
#define __AT_BODY(...) __VA_ARGS__
#else
#define __AT_BODY(...)
#endif

#define __AT_LD1(Name, Cop, Vol, T, Ptx, Reg, RegT)                            \
  inline __device__ T Name(const T *__p) {                                     \
    RegT __r = 0;                                                              \
    __AT_BODY(asm Vol("ld.global." Cop "." Ptx " %0, [%1];" : "=" Reg(         \
        __r) : __AT_PTR(__p) : "memory");)                                     \
    return static_cast<T>(__r);                                                \
  }
#define __AT_LD2(Name, Cop, Vol, T, Ptx, Reg, RegT, ET)                        \
  inline __device__ T Name(const T *__p) {                                     \
    RegT __a = 0, __b = 0;                                                     \
    __AT_BODY(asm Vol("ld.global." Cop ".v2." Ptx                              \
                      " {%0, %1}, [%2];" : "=" Reg(__a),                       \
                      "=" Reg(__b) : __AT_PTR(__p) : "memory");)               \
    T __v;                                                                     \
    __v.x = static_cast<ET>(__a);                                              \
    __v.y = static_cast<ET>(__b);                                              \
    return __v;                                                                \
  }
#define __AT_LD4(Name, Cop, Vol, T, Ptx, Reg, RegT, ET)                        \
  inline __device__ T Name(const T *__p) {                                     \
    RegT __a = 0, __b = 0, __c = 0, __d = 0;                                   \
    __AT_BODY(asm Vol("ld.global." Cop ".v4." Ptx                              \
                      " {%0, %1, %2, %3}, [%4];" : "=" Reg(__a),               \
                      "=" Reg(__b), "=" Reg(__c),                              \
                      "=" Reg(__d) : __AT_PTR(__p) : "memory");)               \
    T __v;                                                                     \
    __v.x = static_cast<ET>(__a);                                              \
    __v.y = static_cast<ET>(__b);                                              \
    __v.z = static_cast<ET>(__c);                                              \
    __v.w = static_cast<ET>(__d);                                              \
    return __v;                                                                \
  }
#define __AT_ST1(Name, Cop, T, Ptx, Reg, RegT)                                 \
  inline __device__ void Name(T *__p, T __v) {                                 \
    __AT_BODY(asm volatile("st.global." Cop "." Ptx                            \
                           " [%0], %1;" : : __AT_PTR(__p),                     \
                           Reg(static_cast<RegT>(__v)) : "memory");)           \
    (void)__p;                                                                 \
    (void)__v;                                                                 \
  }
#define __AT_ST2(Name, Cop, T, Ptx, Reg, RegT)                                 \
  inline __device__ void Name(T *__p, T __v) {                                 \
    __AT_BODY(asm volatile("st.global." Cop ".v2." Ptx                         \
                           " [%0], {%1, %2};" : : __AT_PTR(__p),               \
                           Reg(static_cast<RegT>(__v.x)),                      \
                           Reg(static_cast<RegT>(__v.y)) : "memory");)         \
    (void)__p;                                                                 \
    (void)__v;                                                                 \
  }
#define __AT_ST4(Name, Cop, T, Ptx, Reg, RegT)                                 \
  inline __device__ void Name(T *__p, T __v) {                                 \
    __AT_BODY(asm volatile("st.global." Cop ".v4." Ptx                         \
                           " [%0], {%1, %2, %3, %4};" : : __AT_PTR(__p),       \
                           Reg(static_cast<RegT>(__v.x)),                      \
                           Reg(static_cast<RegT>(__v.y)),                      \
                           Reg(static_cast<RegT>(__v.z)),                      \
                           Reg(static_cast<RegT>(__v.w)) : "memory");)         \
    (void)__p;                                                                 \
    (void)__v;                                                                 \
  }

// The overload set of CUDA's sm_32_intrinsics.h, for one cache operator.
// 8-bit values travel in 32-bit registers and 16-bit ones in 16-bit registers,
// as PTX requires; long is 64-bit (LP64).
#define __AT_LD_ALL(Name, Cop, Vol)                                            \
  __AT_LD1(Name, Cop, Vol, char, "s8", "r", int)                               \
  __AT_LD1(Name, Cop, Vol, signed char, "s8", "r", int)                        \
  __AT_LD1(Name, Cop, Vol, unsigned char, "u8", "r", unsigned int)             \
  __AT_LD1(Name, Cop, Vol, short, "s16", "h", short)                           \
  __AT_LD1(Name, Cop, Vol, unsigned short, "u16", "h", unsigned short)         \
  __AT_LD1(Name, Cop, Vol, int, "s32", "r", int)                               \
  __AT_LD1(Name, Cop, Vol, unsigned int, "u32", "r", unsigned int)             \
  __AT_LD1(Name, Cop, Vol, long, "s64", "l", long)                             \
  __AT_LD1(Name, Cop, Vol, unsigned long, "u64", "l", unsigned long)           \
  __AT_LD1(Name, Cop, Vol, long long, "s64", "l", long long)                   \
  __AT_LD1(Name, Cop, Vol, unsigned long long, "u64", "l", unsigned long long) \
  __AT_LD1(Name, Cop, Vol, float, "f32", "f", float)                           \
  __AT_LD1(Name, Cop, Vol, double, "f64", "d", double)                         \
  __AT_LD2(Name, Cop, Vol, char2, "s8", "r", int, signed char)                 \
  __AT_LD4(Name, Cop, Vol, char4, "s8", "r", int, signed char)                 \
  __AT_LD2(Name, Cop, Vol, uchar2, "u8", "r", unsigned int, unsigned char)     \
  __AT_LD4(Name, Cop, Vol, uchar4, "u8", "r", unsigned int, unsigned char)     \
  __AT_LD2(Name, Cop, Vol, short2, "s16", "h", short, short)                   \
  __AT_LD4(Name, Cop, Vol, short4, "s16", "h", short, short)                   \
  __AT_LD2(Name, Cop, Vol, ushort2, "u16", "h", unsigned short,                \
           unsigned short)                                                     \
  __AT_LD4(Name, Cop, Vol, ushort4, "u16", "h", unsigned short,                \
           unsigned short)                                                     \
  __AT_LD2(Name, Cop, Vol, int2, "s32", "r", int, int)                         \
  __AT_LD4(Name, Cop, Vol, int4, "s32", "r", int, int)                         \
  __AT_LD2(Name, Cop, Vol, uint2, "u32", "r", unsigned int, unsigned int)      \
  __AT_LD4(Name, Cop, Vol, uint4, "u32", "r", unsigned int, unsigned int)      \
  __AT_LD2(Name, Cop, Vol, longlong2, "s64", "l", long long, long long)        \
  __AT_LD2(Name, Cop, Vol, ulonglong2, "u64", "l", unsigned long long,         \
           unsigned long long)                                                 \
  __AT_LD2(Name, Cop, Vol, float2, "f32", "f", float, float)                   \
  __AT_LD4(Name, Cop, Vol, float4, "f32", "f", float, float)                   \
  __AT_LD2(Name, Cop, Vol, double2, "f64", "d", double, double)

#define __AT_ST_ALL(Name, Cop)                                                 \
  __AT_ST1(Name, Cop, char, "s8", "r", int)                                    \
  __AT_ST1(Name, Cop, signed char, "s8", "r", int)                             \
  __AT_ST1(Name, Cop, unsigned char, "u8", "r", unsigned int)                  \
  __AT_ST1(Name, Cop, short, "s16", "h", short)                                \
  __AT_ST1(Name, Cop, unsigned short, "u16", "h", unsigned short)              \
  __AT_ST1(Name, Cop, int, "s32", "r", int)                                    \
  __AT_ST1(Name, Cop, unsigned int, "u32", "r", unsigned int)                  \
  __AT_ST1(Name, Cop, long, "s64", "l", long)                                  \
  __AT_ST1(Name, Cop, unsigned long, "u64", "l", unsigned long)                \
  __AT_ST1(Name, Cop, long long, "s64", "l", long long)                        \
  __AT_ST1(Name, Cop, unsigned long long, "u64", "l", unsigned long long)      \
  __AT_ST1(Name, Cop, float, "f32", "f", float)                                \
  __AT_ST1(Name, Cop, double, "f64", "d", double)                              \
  __AT_ST2(Name, Cop, char2, "s8", "r", int)                                   \
  __AT_ST4(Name, Cop, char4, "s8", "r", int)                                   \
  __AT_ST2(Name, Cop, uchar2, "u8", "r", unsigned int)                         \
  __AT_ST4(Name, Cop, uchar4, "u8", "r", unsigned int)                         \
  __AT_ST2(Name, Cop, short2, "s16", "h", short)                               \
  __AT_ST4(Name, Cop, short4, "s16", "h", short)                               \
  __AT_ST2(Name, Cop, ushort2, "u16", "h", unsigned short)                     \
  __AT_ST4(Name, Cop, ushort4, "u16", "h", unsigned short)                     \
  __AT_ST2(Name, Cop, int2, "s32", "r", int)                                   \
  __AT_ST4(Name, Cop, int4, "s32", "r", int)                                   \
  __AT_ST2(Name, Cop, uint2, "u32", "r", unsigned int)                         \
  __AT_ST4(Name, Cop, uint4, "u32", "r", unsigned int)                         \
  __AT_ST2(Name, Cop, longlong2, "s64", "l", long long)                        \
  __AT_ST2(Name, Cop, ulonglong2, "u64", "l", unsigned long long)              \
  __AT_ST2(Name, Cop, float2, "f32", "f", float)                               \
  __AT_ST4(Name, Cop, float4, "f32", "f", float)                               \
  __AT_ST2(Name, Cop, double2, "f64", "d", double)

__AT_LD_ALL(__ldcg, "cg", )         // cache at L2, not L1
__AT_LD_ALL(__ldca, "ca", )         // cache at all levels
__AT_LD_ALL(__ldcs, "cs", )         // streaming: evict first
__AT_LD_ALL(__ldlu, "lu", volatile) // last use
__AT_LD_ALL(__ldcv, "cv", volatile) // don't cache, fetch again
__AT_ST_ALL(__stwb, "wb")           // write back
__AT_ST_ALL(__stcg, "cg")           // cache at L2, not L1
__AT_ST_ALL(__stcs, "cs")           // streaming: evict first
__AT_ST_ALL(__stwt, "wt")           // write through

#undef __AT_BODY
#pragma pop_macro("__AT_PTR")
#pragma pop_macro("__AT_ST_ALL")
#pragma pop_macro("__AT_LD_ALL")
#pragma pop_macro("__AT_ST4")
#pragma pop_macro("__AT_ST2")
#pragma pop_macro("__AT_ST1")
#pragma pop_macro("__AT_LD4")
#pragma pop_macro("__AT_LD2")
#pragma pop_macro("__AT_LD1")

#endif // clang CUDA without cache-hint intrinsics
#endif // AUTOTUNE_CUDA_INTRINSICS_H
