// Does not compile: check reports Clang's error and goes on with the others.
__global__ void broken(float *p) {
  p[threadIdx.x] = 1.0f
}
