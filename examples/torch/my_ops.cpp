// A PyTorch C++ extension with a tuned loop (docs/torch.md): scale(x, a)
// returns a * x, computed TILE elements at a time; the pragma picks TILE on
// the first call of each size and keeps it in autotune's cache.
#include <torch/extension.h>

#include <autotune/autotune.h>

#include <algorithm>
#include <cstdint>

template <int TILE>
void scaleTiles(const float *X, float *Out, int64_t N, float A) {
  for (int64_t Start = 0; Start < N; Start += TILE)
    for (int64_t I = Start; I < std::min<int64_t>(Start + TILE, N); ++I)
      Out[I] = A * X[I];
}

torch::Tensor scale(torch::Tensor x, double a) {
  TORCH_CHECK(x.scalar_type() == torch::kFloat && x.is_contiguous() &&
                  !x.is_cuda(),
              "scale: a contiguous float CPU tensor");
  torch::Tensor out = torch::empty_like(x);
  const float *X = x.data_ptr<float>();
  float *Out = out.data_ptr<float>();
  int64_t N = x.numel();
  float A = static_cast<float>(a);
#pragma autotune space(TILE = {256, 1024, 4096}) key(N) verify(Out[N])
  scaleTiles<TILE>(X, Out, N, A);
  return out;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("scale", &scale, "a * x, tuned");
}
