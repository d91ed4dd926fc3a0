// A user header with a strided read; which line reports it depends on
// --header-filter.
__device__ inline float gather(const float *in, int i) {
  return in[32 * i];
}
