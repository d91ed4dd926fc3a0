// PTX fixture kernels: every state space, vectors, read-only loads.
#include <cuda_runtime.h>

__constant__ float table[64];
__device__ float scratch[1024];

struct Params {
  int n;
  float scale;
  const float *src;
};

__global__ void spaces(const float4 *v, const float *__restrict__ ro, float *out, Params p) {
  __shared__ float2 s[256];
  float priv[8];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  float4 a = v[i];
  s[t] = make_float2(a.x + a.y, a.z + a.w);
  for (int k = 0; k < 8; ++k)
    priv[k] = __ldg(&ro[i + k]) * table[(t + k) & 63];
  __syncthreads();
  float2 b = s[(t + 1) & 255];
  scratch[t] = b.x;
  out[i] = b.x + b.y + priv[t & 7] * p.scale + p.src[i % p.n] + scratch[(t + 3) & 1023];
}

__global__ void strided(const double *in, char *bytes, double *out, int stride) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i * stride] + in[32 * i] + bytes[i];
  bytes[2 * i] = (char)i;
}
