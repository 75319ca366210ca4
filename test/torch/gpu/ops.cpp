// The Python bindings of kernels.cu's operators, and the torch operator
// autotune_check::scale that torch.compile sees (check.py): registered with
// the dispatcher (a CUDA kernel, and a Meta one for the compiler's fake
// tensors), so that it is one node of the compiled graph and of the CUDA
// graph that mode="reduce-overhead" captures, not a graph break.
#include <ATen/cuda/CUDAContext.h>
#include <torch/extension.h>

#include <cuda_runtime_api.h>

#include <atomic>
#include <cstdint>
#include <tuple>

at::Tensor scale(at::Tensor x, double a, at::Tensor which);
at::Tensor add_one_(at::Tensor x);

namespace {

// How often the operator's host code ran, and how often inside a stream
// capture: a CUDA graph's replay runs its kernels without the host code, so
// a call that computes the result and leaves HostCalls as it was replayed.
std::atomic<std::int64_t> HostCalls{0};
std::atomic<std::int64_t> CapturedCalls{0};

// out = a * x, and which: the BLOCK of the variant that ran (a new tensor,
// so that the operator mutates none of its inputs: CUDA graphs of
// torch.compile skip a graph that does).
std::tuple<at::Tensor, at::Tensor> scaleOp(const at::Tensor &x, double a) {
  ++HostCalls;
  cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
  if (cudaStreamIsCapturing(at::cuda::getCurrentCUDAStream(), &Status) ==
          cudaSuccess &&
      Status == cudaStreamCaptureStatusActive)
    ++CapturedCalls;
  at::Tensor which = at::zeros({1}, x.options().dtype(at::kInt));
  at::Tensor out = scale(x, a, which);
  return std::make_tuple(out, which);
}

// The shapes alone, for the compiler's tracing.
std::tuple<at::Tensor, at::Tensor> scaleOpMeta(const at::Tensor &x, double) {
  return std::make_tuple(at::empty_like(x),
                         at::empty({1}, x.options().dtype(at::kInt)));
}

std::tuple<std::int64_t, std::int64_t> counts() {
  return std::make_tuple(HostCalls.load(), CapturedCalls.load());
}

} // namespace

TORCH_LIBRARY(autotune_check, m) {
  m.def("scale(Tensor x, float a) -> (Tensor, Tensor)");
}
TORCH_LIBRARY_IMPL(autotune_check, CUDA, m) { m.impl("scale", &scaleOp); }
TORCH_LIBRARY_IMPL(autotune_check, Meta, m) { m.impl("scale", &scaleOpMeta); }

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale, "a * x; writes the variant's BLOCK into which");
  m.def("add_one_", &add_one_, "x += 1, in place");
  m.def("counts", &counts,
        "(host calls, calls inside a stream capture) of autotune_check::scale");
}
