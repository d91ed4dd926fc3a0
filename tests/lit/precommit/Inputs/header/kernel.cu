// A kernel whose stride comes from a header: a change to the header alone
// changes what it costs.
#include "stride.h"

// warplint: launch grid(4096) block(256)
__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[STRIDE * i];
}
