// A kernel with one finding (a strided read), for the read-* tests.
__global__ void strided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[32 * i];
}
