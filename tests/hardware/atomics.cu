// Hardware fixture kernels for shared-memory atomics (issue 23): histograms
// whose lanes land on the bins in no order, many on the same word. Bins come
// from a hash of the thread's index, so the GPU and the device model see the
// same addresses with zero-filled buffers. Measured on an H100 (nvcc 13,
// -arch=sm_90 -O3): h100/atomics.ncu.csv, h100/atomics.sass. What it showed:
// an atomicAdd of 1 whose result is unused is ATOMS.POPC.INC and costs each
// bank one wavefront per distinct word (atom_hash256 6429 wavefronts, the
// per-bank count of distinct words); every other shared atomic (the old value
// used, another value, atomicSub, atomicMax) is ATOMS.ADD/MAX and costs one
// per lane, lanes on one word too (7175, the per-bank count of lanes). All are
// counted under op_atom. A warp-uniform address is given to one lane
// (atom_one_used: 1 wavefront). A 64-bit add is a compare-and-swap loop.
#include <cuda_runtime.h>
#include <cstdio>

__device__ unsigned mix(unsigned h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  return h ^ (h >> 16);
}

// 256 bins, lanes on random bins; the result unused (ATOMS writing RZ).
// warplint: launch grid(256) block(256)
__global__ void atom_hash256(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  atomicAdd(&s[mix(i + in[0]) & 255], 1u);
  __syncthreads();
  out[i] = s[t];
}
// The same with the old values used.
// warplint: launch grid(256) block(256)
__global__ void atom_hash256_used(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  out[i] = atomicAdd(&s[mix(i + in[0]) & 255], 1u);
}
// Bins (40 * i) % 64: banks 0, 8, 16, 24 hold two words each, eight lanes
// on each word, in the order 0 40 16 56 32 8 48 24 0 40 ...
// warplint: launch grid(256) block(256)
__global__ void atom_spread64(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 64)
    s[t] = 0;
  __syncthreads();
  atomicAdd(&s[((i + in[0]) * 40) % 64], 1u);
  __syncthreads();
  if (t < 64)
    out[blockIdx.x * 64 + t] = s[t];
}
// Words 0, 32, 64, 96 (all bank 0) in turn: 4 distinct words, 8 lanes each.
// warplint: launch grid(256) block(256)
__global__ void atom_bank0(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[128];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 128)
    s[t] = 0;
  __syncthreads();
  atomicAdd(&s[((i + in[0]) % 4) * 32], 1u);
  __syncthreads();
  if (t < 128)
    out[blockIdx.x * 128 + t] = s[t];
}
// A per-warp histogram of the four bytes of a hashed word, as CUDA's
// histogram256 sample does: four atomics per thread, 256 bins per warp.
// warplint: launch grid(240) block(192)
__global__ void atom_warp_bytes(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[6 * 256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  for (unsigned k = t; k < 6 * 256; k += 192)
    s[k] = 0;
  __syncthreads();
  unsigned *w = s + (t / 32) * 256, d = mix(i + in[0]);
  atomicAdd(w + (d & 255), 1u);
  atomicAdd(w + ((d >> 8) & 255), 1u);
  atomicAdd(w + ((d >> 16) & 255), 1u);
  atomicAdd(w + (d >> 24), 1u);
  __syncthreads();
  for (unsigned k = t; k < 256; k += 192)
    out[blockIdx.x * 256 + k] = s[k] + s[256 + k] + s[512 + k];
}
// A value other than 1, the result unused: no POPC.INC.
// warplint: launch grid(256) block(256)
__global__ void atom_hash256_add_t(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  atomicAdd(&s[mix(i + in[0]) & 255], t);
  __syncthreads();
  out[i] = s[t];
}
// atomicMax, the result unused.
// warplint: launch grid(256) block(256)
__global__ void atom_hash256_max(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  atomicMax(&s[mix(i + in[0]) & 255], t);
  __syncthreads();
  out[i] = s[t];
}
// atomicSub of 1, the result unused.
// warplint: launch grid(256) block(256)
__global__ void atom_hash256_sub1(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[256];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  atomicSub(&s[mix(i + in[0]) & 255], 1u);
  __syncthreads();
  out[i] = s[t];
}
// Every lane on one word, the old value used.
// warplint: launch grid(256) block(256)
__global__ void atom_one_used(const unsigned *in, unsigned *out) {
  __shared__ unsigned s[64];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 64)
    s[t] = 0;
  __syncthreads();
  out[i] = atomicAdd(&s[in[0] & 63], 1u);
}
// 8-byte atomics on 64 random bins.
// warplint: launch grid(256) block(256)
__global__ void atom_hash64_u64(const unsigned *in, unsigned long long *out) {
  __shared__ unsigned long long s[64];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 64)
    s[t] = 0;
  __syncthreads();
  atomicAdd(&s[mix(i + in[0]) & 63], 1ull);
  __syncthreads();
  if (t < 64)
    out[blockIdx.x * 64 + t] = s[t];
}

int main() {
  unsigned *a, *b;
  cudaMalloc(&a, 64 << 20);
  cudaMalloc(&b, 64 << 20);
  cudaMemset(a, 0, 64 << 20);
  cudaMemset(b, 0, 64 << 20);
  atom_hash256<<<256, 256>>>(a, b);
  atom_hash256_used<<<256, 256>>>(a, b);
  atom_spread64<<<256, 256>>>(a, b);
  atom_bank0<<<256, 256>>>(a, b);
  atom_warp_bytes<<<240, 192>>>(a, b);
  atom_hash256_add_t<<<256, 256>>>(a, b);
  atom_hash256_max<<<256, 256>>>(a, b);
  atom_hash256_sub1<<<256, 256>>>(a, b);
  atom_one_used<<<256, 256>>>(a, b);
  atom_hash64_u64<<<256, 256>>>(a, (unsigned long long *)b);
  cudaError_t e = cudaDeviceSynchronize();
  printf("done: %s\n", cudaGetErrorString(e));
  return e == cudaSuccess ? 0 : 1;
}
