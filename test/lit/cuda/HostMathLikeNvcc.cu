// Host code gets the math nvcc's headers give it (cuda-shims/
// autotune_cuda_host_math.h, included by the intrinsics shim): each call below
// compiles in a host function with nvcc's result type, runs with nvcc's
// semantics, and fails under plain clang 19 (AUTOTUNE_NO_HOST_MATH). Device
// code compiles to the same PTX with and without the shim.
// REQUIRES: cuda
// RUN: %clangxx %cuda -std=c++17 --cuda-host-only -fsyntax-only -Xclang -verify %s
// RUN: %clangxx %cuda -std=c++17 --cuda-host-only -fsyntax-only -DAUTOTUNE_NO_HOST_MATH \
// RUN:   -ferror-limit=0 -Xclang -verify=without -Xclang -verify-ignore-unexpected=note %s
// RUN: %clangxx %cuda -std=c++17 --cuda-device-only -S -O2 -DGPU_CODE_ONLY -o %t.with.ptx %s
// RUN: %clangxx %cuda -std=c++17 --cuda-device-only -S -O2 -DGPU_CODE_ONLY -DAUTOTUNE_NO_HOST_MATH \
// RUN:   -o %t.without.ptx %s
// RUN: diff %t.with.ptx %t.without.ptx
// RUN: %FileCheck %s --check-prefix=PTX --input-file=%t.with.ptx
// RUN: %clangxx %cuda -std=c++17 %s -o %t %cudalink
// RUN: %t | %FileCheck %s --check-prefix=EXEC
// The same program built by nvcc prints the same lines.
// RUN: %if nvcc %{ %nvcc %s -o %t.nvcc %}
// RUN: %if nvcc %{ %t.nvcc | %FileCheck %s --check-prefix=EXEC %}
// expected-no-diagnostics

#include <cstdio>
#include <type_traits>

#ifndef GPU_CODE_ONLY // (the PTX comparison needs a file plain clang compiles)
// Returns V, and checks at compile time that its type is nvcc's.
template <class Want, class Got> Got nvccType(Got V) {
  // without-error@+1 0+ {{static assertion failed}}
  static_assert(std::is_same<Want, Got>::value, "not the type nvcc gives");
  return V;
}

// Classification in the global namespace, on float, double, long double.
void classification(float F, double D, long double L) {
  std::printf("isfinite %d %d %d\n",
              nvccType<bool>(isfinite(F)),  // without-error {{no matching function for call to 'isfinite'}}
              nvccType<bool>(isfinite(D)),  // without-error {{no matching function for call to 'isfinite'}}
              nvccType<bool>(isfinite(L))); // without-error {{no matching function for call to 'isfinite'}}
  std::printf("isnan %d %d\n",
              nvccType<bool>(isnan(F)),  // without-error {{no matching function for call to 'isnan'}}
              nvccType<bool>(isnan(D))); // without-error {{no matching function for call to 'isnan'}}
  std::printf("isinf %d %d\n",
              nvccType<bool>(isinf(F)),  // without-error {{no matching function for call to 'isinf'}}
              nvccType<bool>(isinf(D))); // without-error {{no matching function for call to 'isinf'}}
  std::printf("signbit %d %d\n",
              nvccType<bool>(signbit(F)),  // without-error {{no matching function for call to 'signbit'}}
              nvccType<bool>(signbit(D))); // without-error {{no matching function for call to 'signbit'}}
  std::printf("isnormal %d fpclassify %d\n",
              nvccType<bool>(isnormal(F)),   // without-error {{no matching function for call to 'isnormal'}}
              nvccType<int>(fpclassify(F))); // without-error {{no matching function for call to 'fpclassify'}}
  std::printf("isless %d isunordered %d\n",
              nvccType<bool>(isless(F, F)),       // without-error {{no matching function for call to 'isless'}}
              nvccType<bool>(isunordered(F, F))); // without-error {{no matching function for call to 'isunordered'}}
}
// EXEC: isfinite 0 1 1
// EXEC: isnan 1 0
// EXEC: isinf 0 0
// EXEC: signbit 0 1
// EXEC: isnormal 0 fpclassify 0
// EXEC: isless 0 isunordered 1

// max and min as nvcc defines them: floating point through fmax/fmin (a NaN
// operand yields the other), mixed signedness compared as unsigned.
void maxMin(float F, double D, float NaN) {
  std::printf("max %g %g %g %g\n",
              nvccType<float>(max(F, 2.0f)),   // without-error {{no matching function for call to 'max'}}
              nvccType<double>(max(D, 1.0)),   // without-error {{no matching function for call to 'max'}}
              nvccType<double>(max(F, 4.0)),   // without-error {{no matching function for call to 'max'}}
              nvccType<float>(max(NaN, F)));   // without-error {{no matching function for call to 'max'}}
  std::printf("min %g %g %g %g\n",
              nvccType<float>(min(F, 2.0f)),   // without-error {{no matching function for call to 'min'}}
              nvccType<double>(min(D, 1.0)),   // without-error {{no matching function for call to 'min'}}
              nvccType<double>(min(1.0, F)),   // without-error {{no matching function for call to 'min'}}
              nvccType<float>(min(F, NaN)));   // without-error {{no matching function for call to 'min'}}
  std::printf("int %d %d %u %u\n",
              nvccType<int>(max(-3, 2)),       // without-error {{no matching function for call to 'max'}}
              nvccType<int>(min(-3, 2)),       // without-error {{no matching function for call to 'min'}}
              nvccType<unsigned>(min(-1, 1u)), // without-error {{no matching function for call to 'min'}}
              nvccType<unsigned>(max(1u, 2))); // without-error {{no matching function for call to 'max'}}
  std::printf("long %ld %lu %lld %llu\n",
              nvccType<long>(max(-4l, 3l)),                     // without-error {{no matching function for call to 'max'}}
              nvccType<unsigned long>(min(5ul, 6ul)),           // without-error {{no matching function for call to 'min'}}
              nvccType<long long>(min(-7ll, 8ll)),              // without-error {{no matching function for call to 'min'}}
              nvccType<unsigned long long>(max(-1ll, 9ull)));   // without-error {{no matching function for call to 'max'}}
  std::printf("named %u %u %lld %lld %llu %llu\n",
              nvccType<unsigned>(umax(1u, 2u)),  // without-error {{no matching function for call to 'umax'}}
              nvccType<unsigned>(umin(1u, 2u)),  // without-error {{no matching function for call to 'umin'}}
              nvccType<long long>(llmax(-1, 2)), // without-error {{no matching function for call to 'llmax'}}
              nvccType<long long>(llmin(-1, 2)), // without-error {{no matching function for call to 'llmin'}}
              nvccType<unsigned long long>(ullmax(1, 2)),  // without-error {{no matching function for call to 'ullmax'}}
              nvccType<unsigned long long>(ullmin(1, 2))); // without-error {{no matching function for call to 'ullmin'}}
}
// EXEC: max 2 2.5 4 1.5
// EXEC: min 1.5 1 1 1.5
// EXEC: int 2 -3 1 2
// EXEC: long 3 5 -7 18446744073709551615
// EXEC: named 2 1 2 -1 2 1

// Float overloads: float in, float out, as under nvcc (plain clang 19 picks
// the double function, a silent difference; the static_assert shows it).
void floatOverloads(float F) {
  float S, C;
  sincos(F, &S, &C); // without-error {{no matching function for call to 'sincos'}}
  std::printf("sincos %g %g\n", S, C);
  std::printf("sqrt %g exp %g\n", nvccType<float>(sqrt(F)), nvccType<float>(exp(F)));
  std::printf("exp10 %g erfinv %g\n", nvccType<float>(exp10(F)), nvccType<float>(erfinv(F / 4)));
  std::printf("bessel %g %g %g %g %g %g\n", nvccType<float>(j0(F)), nvccType<float>(j1(F)),
              nvccType<float>(jn(2, F)), nvccType<float>(y0(F)), nvccType<float>(y1(F)),
              nvccType<float>(yn(2, F)));
}
// EXEC: sincos 0 1
// EXEC: sqrt 0 exp 1
// EXEC: exp10 1 erfinv 0
// EXEC: bessel 1 0 0 -inf -inf -inf
#endif

// Device code keeps clang's own functions: the shim adds host overloads
// only, and a __host__ __device__ function picks by side, as under nvcc.
__host__ __device__ float clampFinite(float X, float Hi) {
  return isfinite(X) ? min(max(X, 0.0f), Hi) : 0.0f; // without-error {{reference to __device__ function 'isfinite' in __host__ __device__ function}} without-error {{reference to __device__ function 'max' in __host__ __device__ function}}
}
__global__ void clampKernel(float *X, int N, float Hi) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    X[I] = isnan(X[I]) ? 0.0f : clampFinite(max(X[I], -Hi), umax(1u, I) * Hi);
}
// PTX-LABEL: .entry _Z11clampKernelPfif(
// PTX-DAG: max.f32
// PTX-DAG: min.f32
// PTX-DAG: max.u32

#ifndef GPU_CODE_ONLY
int main() {
  volatile float Nan = __builtin_nanf("");
  classification(Nan, -2.0, 1.0L);
  maxMin(1.5f, 2.5, Nan);
  floatOverloads(0.0f);
  std::printf("clamp %g %g\n", clampFinite(7.0f, 4.0f), clampFinite(Nan, 4.0f));
}
// EXEC: clamp 4 0
#endif
