// A kernel with a syntax error.
__global__ void broken(float *p) {
  p[threadIdx.x] = 1.0f
}
