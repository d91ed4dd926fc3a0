// A well-written kernel: adjacent threads read adjacent floats.
// Every global access is coalesced: 4 sectors per request.
// warplint: launch grid(4096) block(256)
__global__ void vector_add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}
