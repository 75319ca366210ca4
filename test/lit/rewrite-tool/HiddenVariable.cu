// autotune-rewrite warns, from tokens, about a space parameter named like a
// parameter or a local of the enclosing function (with a note there), and
// still writes the rewritten file.
// REQUIRES: rewrite-tool
// RUN: rm -rf %t && mkdir -p %t
// RUN: %autotune-rewrite %s -o %t/out.cu -- -std=c++17 -I%S/../../../runtime/include -fno-caret-diagnostics 2>&1 | %FileCheck %s --implicit-check-not=warning: --implicit-check-not=note:
// RUN: %FileCheck %s --check-prefix=OUT --input-file=%t/out.cu

#include <autotune/autotune.h>

constexpr int ceil_div(int a, int b) { return (a + b - 1) / b; }
template <int B> __global__ void kernel(float *x, int n) { x[0] = B + n; }

void launcher(float *x, int n, int block_size) {
  int grid = ceil_div(n, block_size);
#pragma autotune space(block_size = {64, 128}) key(n)
  kernel<block_size><<<grid, block_size>>>(x, n);
  // CHECK: HiddenVariable.cu:[[@LINE-2]]:24: warning: parameter 'block_size' hides the variable of the same name: the tuned statement sees the parameter, code outside it still sees the variable; compute what depends on it inside the statement, or rename the parameter
  // CHECK-NEXT: HiddenVariable.cu:[[@LINE-5]]:36: note: 'block_size' declared here
  // OUT: kernel<block_size><<<grid, block_size>>>(x, n);
}

void hides_local(float *x, int n) {
  const int threads = 128, blocks = ceil_div(n, threads);
  for (int i = 0; i < 2; ++i) {
#pragma autotune space(threads = {64, 128}) key(n)
    kernel<threads><<<blocks, threads>>>(x, i);
    // CHECK: HiddenVariable.cu:[[@LINE-2]]:24: warning: parameter 'threads' hides the variable
    // CHECK-NEXT: HiddenVariable.cu:[[@LINE-5]]:13: note: 'threads' declared here
  }
}

#define LAUNCH(k, n) k<<<n, threads>>>(x, n)
void from_a_macro(float *x, int n, int threads) {
#pragma autotune space(threads = {64, 128}) key(n)
  LAUNCH(kernel<threads>, n);
  // CHECK: HiddenVariable.cu:[[@LINE-2]]:24: warning: parameter 'threads' hides the variable
  // CHECK-NEXT: HiddenVariable.cu:[[@LINE-4]]:40: note: 'threads' declared here
}

// Negative cases: a local of another function, a block that has closed, a
// local declared after the pragma. Not seen at token level (the plugin warns
// about them): a data member, a global.
void other(float *x, int B) { x[0] = B; }
void closed_block(float *x, int n) {
  {
    int B = 3;
    x[0] = B;
  }
#pragma autotune space(B = {64, 128}) key(n)
  kernel<B><<<n, B>>>(x, n);
}
void declared_after(float *x, int n) {
#pragma autotune space(B = {64, 128}) key(n)
  kernel<B><<<n, B>>>(x, n);
  int B = 3;
  x[0] = B;
}
struct Launcher {
  int B = 0;
  void run(float *x, int n) {
#pragma autotune space(B = {64, 128}) key(n)
    kernel<B><<<n, B>>>(x, n);
  }
};
int Global = 1;
void hides_global(float *x, int n) {
#pragma autotune space(Global = {64, 128}) key(n)
  kernel<Global><<<n, Global>>>(x, n);
}
