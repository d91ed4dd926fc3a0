// Hardware fixture: shared wavefronts per request of a conflict-free access
// (s[t], stride 1) as the block's shared array grows, and with one block per
// SM, and shared_stride33 of patterns.cu both ways. Explains the ~9% excess
// measured for shared_stride33: it appears only when several blocks with
// large shared arrays share an SM.
// Measured counters: footprint.ncu.csv.
#include <cuda_runtime.h>
#include <cstdio>

template <int Words>
__global__ void footprint(const float *in, float *out) {
  __shared__ float s[Words];
  int t = threadIdx.x;
  // Touch the whole array so it is allocated, then one conflict-free access.
  s[Words - 256 + t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[Words - 256 + t];
}

// shared_stride33 of patterns.cu, launched on a full grid and with one block
// per SM.
__global__ void stride33(const float *in, float *out) {
  __shared__ float s[33 * 256];
  int t = threadIdx.x;
  s[33 * t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  out[blockIdx.x * 256 + t] = s[33 * t];
}

int main() {
  float *a, *b;
  cudaMalloc(&a, (1 << 20) * sizeof(float));
  cudaMalloc(&b, (1 << 20) * sizeof(float));
  cudaMemset(a, 0, (1 << 20) * sizeof(float));
  footprint<1024><<<1024, 256>>>(a, b);   // 4 KB
  footprint<2048><<<1024, 256>>>(a, b);   // 8 KB
  footprint<4096><<<1024, 256>>>(a, b);   // 16 KB
  footprint<6144><<<1024, 256>>>(a, b);   // 24 KB
  footprint<7168><<<1024, 256>>>(a, b);   // 28 KB
  footprint<8192><<<1024, 256>>>(a, b);   // 32 KB
  footprint<10240><<<1024, 256>>>(a, b);  // 40 KB
  footprint<12288><<<1024, 256>>>(a, b);  // 48 KB
  footprint<2048><<<132, 256>>>(a, b);    // 8 KB, one block per SM
  footprint<10240><<<132, 256>>>(a, b);   // 40 KB, one block per SM
  stride33<<<1024, 256>>>(a, b);
  stride33<<<132, 256>>>(a, b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
