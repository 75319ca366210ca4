// A server's loop of requests, each one call of a site tuned online: no
// request waits for tuning. Each call runs one point of the space on the
// request's own data, the race decides over the first requests, and every
// later request runs the winner. Every answer is checked.
//
//   scripts/autotune-clang++ -O2 examples/host_online_requests.cpp -o requests
//   AUTOTUNE_LOG=1 ./requests
#include <autotune/autotune.h>
#include <autotune/results.h>

#include <cstdio>
#include <vector>

// The sum of squares with LANES independent accumulators: more lanes let the
// CPU overlap the additions, up to what its pipelines hold.
template <int LANES> double sumOfSquares(const float *x, int n) {
  double Lane[LANES] = {};
  int I = 0;
  for (; I + LANES <= n; I += LANES)
    for (int L = 0; L < LANES; ++L)
      Lane[L] += static_cast<double>(x[I + L]) * x[I + L];
  double Sum = 0;
  for (; I < n; ++I)
    Sum += static_cast<double>(x[I]) * x[I];
  for (int L = 0; L < LANES; ++L)
    Sum += Lane[L];
  return Sum;
}

double answer(const float *x, int n) {
  double Result = 0;
#pragma autotune space(LANES = {1, 2, 4, 8, 16}) key(n) mode(online)           \
    name("requests")
  Result = sumOfSquares<LANES>(x, n);
  return Result;
}

int main() {
  const int N = 100000, Requests = 1000;
  // Small integers: every sum is exact, whatever the order of the additions.
  std::vector<float> X(N);
  for (int I = 0; I < N; ++I)
    X[I] = static_cast<float>(I % 7);
  double Want = 0;
  for (int I = 0; I < N; ++I)
    Want += static_cast<double>(X[I]) * X[I];

  for (int R = 0; R < Requests; ++R) {
    double Got = answer(X.data(), N);
    if (Got != Want) {
      std::printf("host_online_requests: FAIL in request %d: got %.17g, want "
                  "%.17g\n",
                  R, Got, Want);
      return 1;
    }
  }
  std::printf("host_online_requests: OK (%d requests; %s)\n", Requests,
              autotune::chosenPoint("requests", N).text().c_str());
  return 0;
}
