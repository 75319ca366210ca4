// autotune-rewrite finds the function a pragma is in from its tokens: inside
// a functor's 'operator()' or another operator, and inside an explicit
// specialization ('template <> void f<int>(...)'), a host function's pragma is
// rewritten; a device one is reported under the function's name.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/host.cu -- -std=c++17 -I%S/../../../runtime/include 2>&1 | %FileCheck %s --allow-empty --check-prefix=QUIET --implicit-check-not=error: --implicit-check-not=warning:
// RUN: %FileCheck %s --check-prefix=HOST --input-file=%t/host.cu
// RUN: %not %autotune-rewrite %s -o %t/device.cu -- -std=c++17 -DDEVICE_CASES -I%S/../../../runtime/include 2>&1 | %FileCheck %s --check-prefix=DEVICE --implicit-check-not=error: --implicit-check-not=warning:

#include <autotune/autotune.h>

template <int B> __global__ void step(float *x) { x[threadIdx.x] = B; }

struct Launcher {
  void operator()(float *x) {
#pragma autotune space(B = {64, 128}) key() name("call-operator")
    step<B><<<1, B>>>(x);
  }
  Launcher &operator+=(float *x) {
#pragma autotune space(B = {64, 128}) key() name("compound-operator")
    step<B><<<1, B>>>(x);
    return *this;
  }
  explicit operator bool() const { return true; }
};

template <typename T> void run(T *x);
template <> void run<float>(float *x) {
#pragma autotune space(B = {64, 128}) key() name("specialization")
  step<B><<<1, B>>>(x);
}

#ifdef DEVICE_CASES
struct DeviceFunctor {
  __device__ void operator()(float *x) {
#pragma autotune space(B = {1, 2}) key()
    x[0] = B;
  }
};
template <typename T> __device__ void on_device(T *x);
template <> __device__ void on_device<float>(float *x) {
#pragma autotune space(B = {1, 2}) key()
  x[0] = B;
}
#endif

// HOST: "call-operator"
// HOST: "compound-operator"
// HOST: "specialization"
// QUIET-NOT: {{.}}
// DEVICE: error: '#pragma autotune' cannot be used in device code ('operator()' is a __device__ function)
// DEVICE: error: '#pragma autotune' cannot be used in device code ('on_device' is a __device__ function)
