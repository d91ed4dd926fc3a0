// Under a broken configuration: not checked, the error names the file.
// warplint: launch block(256)
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[8 * threadIdx.x];
}
