// A kernel template nothing in this file instantiates: a launch file's
// entry names the instantiation to analyze.
template <int Stride>
__global__ void k(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[Stride * i];
}
