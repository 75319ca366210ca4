// A kernel for the wrapper's compile tests: a division, a square root and an
// exponential, whose PTX shows the fast-math flags.
__global__ void saxpyScaled(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] / y[i] + sqrtf(x[i]) + expf(a);
}
