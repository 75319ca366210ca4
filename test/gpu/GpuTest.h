// Shared by the GPU test programs: checks that report and count instead of
// aborting, a kernel whose run time is set by its template argument, and the
// exit codes scripts/gpu-check reads (0 pass, 1 fail, 77 skipped).
#ifndef AUTOTUNE_TEST_GPU_GPUTEST_H
#define AUTOTUNE_TEST_GPU_GPUTEST_H

#include <cstdio>
#include <cstdlib>

static int Failures = 0;

#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      ++Failures;                                                              \
      std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);              \
      std::printf(__VA_ARGS__);                                                \
      std::printf("\n");                                                       \
    }                                                                          \
  } while (0)

#define CHECK_CUDA(call)                                                       \
  do {                                                                         \
    cudaError_t CheckError = (call);                                           \
    if (CheckError != cudaSuccess) {                                           \
      std::printf("FAIL %s:%d: %s: %s\n", __FILE__, __LINE__, #call,           \
                  cudaGetErrorString(CheckError));                             \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

inline int finish(const char *Test) {
  std::printf("%s: %s\n", Test, Failures ? "FAIL" : "PASS");
  std::fflush(stdout);
  return Failures ? 1 : 0;
}

inline int skip(const char *Test, const char *Why) {
  std::printf("%s: skipped: %s\n", Test, Why);
  return 77;
}

inline int deviceCount() {
  int N = 0;
  if (cudaGetDeviceCount(&N) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return N;
}

// Keeps the calling thread busy for Ns nanoseconds of the GPU's global
// timer: a kernel's time that does not depend on the clock.
__device__ inline void spinNanoseconds(unsigned long long Ns) {
  unsigned long long Start, Now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Start));
  do {
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Now));
  } while (Now - Start < Ns);
}

// Runs for about US microseconds (one thread is enough), then writes ID: the
// program can read which variant ran last.
template <int US> __global__ void spinFor(int Id, int *Ran) {
  spinNanoseconds(US * 1000ull);
  if (threadIdx.x == 0 && blockIdx.x == 0)
    *Ran = Id;
}

// Writes I to out[I], except that the BLOCK = 512 variant writes to an
// illegal address: a fault that poisons the context.
template <int BLOCK> __global__ void touch(int n, int *out) {
  int I = blockIdx.x * BLOCK + threadIdx.x;
  int *Target = BLOCK == 512 ? reinterpret_cast<int *>(0x10) : out; // the bug
  if (I < n)
    Target[I] = I;
}

// Calls Run(4096, Out) once, a tuned call whose variant BLOCK=512 of touch
// faults, and expects the program to see the illegal address after it; the
// test's exit status.
inline int expectFaultAfterCall(void (*Run)(int, int *), const char *Test) {
  int *Out;
  CHECK_CUDA(cudaMalloc(&Out, 4096 * sizeof(int)));
  Run(4096, Out);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("after the call: %s\n", cudaGetErrorName(E));
  EXPECT(E == cudaErrorIllegalAddress, "want cudaErrorIllegalAddress, got %s",
         cudaGetErrorName(E));
  return finish(Test);
}

inline int readInt(const int *DeviceValue) {
  int V = -1;
  CHECK_CUDA(cudaMemcpy(&V, DeviceValue, sizeof V, cudaMemcpyDeviceToHost));
  return V;
}

#endif // AUTOTUNE_TEST_GPU_GPUTEST_H
