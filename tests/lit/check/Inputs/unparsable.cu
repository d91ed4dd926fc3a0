// Does not compile, and not inside a function body that could be left out:
// the whole file is not analyzed.
__global__ void k(undefined_type *p) {
  p[threadIdx.x] = 0;
}
