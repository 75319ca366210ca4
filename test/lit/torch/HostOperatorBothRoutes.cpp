// A PyTorch C++ extension with two host-timed sites, one in a header it
// includes, built both ways
// autotune_torch offers (setup.py with its BuildExtension, and its load()),
// each route built once and run by two processes on one cache: the first
// tunes each site on its first call (one log line each), the second reads
// the cache and tunes nothing; both give the reference's result, and the
// in-place operator's restore(...) leaves one increment, not one per run.
// REQUIRES: torch
// RUN: rm -rf %t && mkdir -p %t/setup %t/jit
// RUN: cd %t/setup && env HOST_OP_SOURCE=%s %torch-python %S/Inputs/setup.py -q build_ext --inplace
// RUN: cd %t/setup && env AUTOTUNE_CACHE_DIR=%t/cache-setup AUTOTUNE_LOG=1 %torch-python %S/Inputs/run_host_op.py setup 2>&1 | %FileCheck %s --check-prefix=FIRST
// RUN: cd %t/setup && env AUTOTUNE_CACHE_DIR=%t/cache-setup AUTOTUNE_LOG=1 %torch-python %S/Inputs/run_host_op.py setup 2>&1 | %FileCheck %s --check-prefix=CACHED
// RUN: cd %t/jit && env AUTOTUNE_CACHE_DIR=%t/cache-jit AUTOTUNE_LOG=1 %torch-python %S/Inputs/run_host_op.py load %s %t/jit/build 2>&1 | %FileCheck %s --check-prefix=FIRST
// RUN: cd %t/jit && env AUTOTUNE_CACHE_DIR=%t/cache-jit AUTOTUNE_LOG=1 %torch-python %S/Inputs/run_host_op.py load %s %t/jit/build 2>&1 | %FileCheck %s --check-prefix=CACHED

// ATen and torch's pybind11 casters rather than <torch/extension.h>: half
// the compile time, and the test compiles the operator twice.
#include <ATen/ATen.h>
#include <torch/csrc/utils/pybind.h>

#include <autotune/autotune.h>

#include <algorithm>
#include <cstdint>

// out[i] = a * x[i] + b, TILE elements at a time: every tile size gives the
// same integers, so verify(...) compares them exactly.
template <int TILE>
void scaleShift(const int64_t *X, int64_t *Out, int64_t N, int64_t A,
                int64_t B) {
  for (int64_t Start = 0; Start < N; Start += TILE)
    for (int64_t I = Start; I < std::min<int64_t>(Start + TILE, N); ++I)
      Out[I] = A * X[I] + B;
}

at::Tensor scale_shift(at::Tensor x, int64_t a, int64_t b) {
  TORCH_CHECK(x.dtype() == at::kLong && x.is_contiguous(),
              "scale_shift: a contiguous int64 tensor");
  at::Tensor out = at::empty_like(x);
  const int64_t *X = x.data_ptr<int64_t>();
  int64_t *Out = out.data_ptr<int64_t>();
  int64_t N = x.numel();
// FIRST: autotune: scale_shift key=(65536) device={{.*}}: 3/3 variants{{.*}}, winner TILE=
#pragma autotune space(TILE = {64, 512, 4096}) key(N) verify(Out[N]) \
                 name("scale_shift")
  scaleShift<TILE>(X, Out, N, a, b);
  return out;
}

// The in-place operator, in a header: its site is rewritten with the file's.
// FIRST: autotune: increment_ key=(65536) device={{.*}}: 3/3 variants{{.*}}, winner TILE=
#include "Inputs/increment_op.h"

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale_shift", &scale_shift, "a * x + b");
  m.def("increment_", &increment_, "x += 1, in place");
}

// FIRST-NOT: winner
// FIRST: scale_shift equals the reference (2 calls)
// FIRST-NEXT: increment_ equals the reference (2 calls)

// CACHED-NOT: winner
// CACHED: scale_shift equals the reference (2 calls)
// CACHED-NEXT: increment_ equals the reference (2 calls)
// CACHED-NOT: winner
