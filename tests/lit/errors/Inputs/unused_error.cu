// A device function no kernel calls does not compile: the kernel is
// analyzed, the function is reported as not analyzed.
__device__ float unused_helper(float x) {
  return x + missing_constant;
}

__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
