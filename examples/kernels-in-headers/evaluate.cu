// The second program of the project (see train.cu): it includes
// ops/scale.cuh and ops/reduce.cuh too, so the mirror tree's copies of them
// must serve both programs.
#include "ops/reduce.cuh"
#include "ops/scale.cuh"

#include <cstdio>
#include <vector>

int main() {
  const int N = 300007;
  std::vector<float> X(N), Y(N);
  std::vector<int> Counts(N);
  for (int I = 0; I < N; ++I) {
    X[I] = static_cast<float>(I % 7);
    Y[I] = 1.0f;
  }
  float *DX = toDevice(X), *DY = toDevice(Y);
  scaleAddRun(N, 3.0f, DX, DY, 0); // y = 3x + 1, an integer
  KIH_CHECK(
      cudaMemcpy(Y.data(), DY, N * sizeof(float), cudaMemcpyDeviceToHost));
  KIH_CHECK(cudaFree(DX));
  KIH_CHECK(cudaFree(DY));
  for (int I = 0; I < N; ++I)
    Counts[I] = static_cast<int>(Y[I]);
  int *DCounts = toDevice(Counts);
  unsigned long long *DTotal = newCounter();
  sumRun(N, DCounts, DTotal, 0);
  unsigned long long Total = takeCounter(DTotal);
  KIH_CHECK(cudaFree(DCounts));

  unsigned long long Want = 0;
  for (int I = 0; I < N; ++I)
    Want += 3 * (I % 7) + 1;
  return report("evaluate", Total, Want);
}
