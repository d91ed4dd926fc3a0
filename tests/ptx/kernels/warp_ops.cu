// PTX fixture kernels: warp-level operations, barriers and atomics.
#include <cuda_runtime.h>

__global__ void shuffles(const float *in, float *out, int *mask) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float v = in[i];
  v += __shfl_xor_sync(0xffffffffu, v, 1);
  v += __shfl_up_sync(0xffffffffu, v, 2);
  v += __shfl_sync(0xffffffffu, v, 0);
  unsigned b = __ballot_sync(0xffffffffu, v > 0.f);
  if (__any_sync(0xffffffffu, v < 0.f))
    mask[blockIdx.x] = b;
  out[i] = v;
}

__global__ void atomics(int *counts, unsigned *u, float *f, const int *keys, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  int k = keys[i];
  atomicAdd(&counts[k & 255], 1);
  atomicMax(&counts[256], k);
  atomicMin(&counts[257], k);
  atomicCAS(&counts[258], 0, k);
  atomicExch(&counts[259], k);
  atomicInc(&u[0], 100u);
  atomicAnd(&u[1], (unsigned)k);
  atomicOr(&u[2], (unsigned)k);
  atomicXor(&u[3], (unsigned)k);
  atomicAdd(&f[k & 63], 1.0f);
}

__global__ void block_votes(const int *in, int *out) {
  __shared__ int tile[256];
  int t = threadIdx.x;
  tile[t] = in[blockIdx.x * 256 + t];
  int c = __syncthreads_count(tile[t] > 0);
  int a = __syncthreads_and(tile[t] > 0);
  __syncwarp();
  __threadfence_block();
  out[blockIdx.x * 256 + t] = tile[255 - t] + c + a;
  __threadfence();
}
