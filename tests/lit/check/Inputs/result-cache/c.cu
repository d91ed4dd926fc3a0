// Includes nothing of the project's: edits to stride.cuh leave it alone.
__global__ void gather_c(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[2 * i];
}
