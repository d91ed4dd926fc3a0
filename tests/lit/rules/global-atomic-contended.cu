// global-atomic-contended: every thread of the grid atomically updates one
// global address (a sum, a counter), so the updates serialize at the L2 slice
// that holds it. A block reduction first leaves one update per block.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-atomic-contended]'
// And on PTX input.
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx --grid 4096 --block 256 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[global-atomic-contended]'

// CHECK: global-atomic-contended.cu:[[@LINE+4]]:{{[0-9]+}}: warning: kernel 'sumAll': the 1048576 threads of grid(4096,1,1) block(256,1,1) atomically update one global address, 32 lanes of each warp at once: the updates serialize at the one L2 slice that holds it, where a reduction in the block would leave 4096 updates, {{.*}}; reduce within the block first {{.*}}[global-atomic-contended]
// PTX: warning: kernel 'sumAll': {{.*}}atomically update one global address{{.*}}[global-atomic-contended]
__global__ void sumAll(const float *in, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(sum, in[i]);
}

// A counter at a constant offset of a __device__ variable, under a branch on
// loaded data: every lane that may take it is counted, as an upper bound.
// PTX: warning: kernel 'countHits': {{.*}}[global-atomic-contended]
// CHECK: global-atomic-contended.cu:[[@LINE+4]]:{{[0-9]+}}: warning: kernel 'countHits': up to the 1048576 threads of grid(4096,1,1) block(256,1,1) atomically update one global address, up to 32 lanes of each warp at once (which threads take the branch to it depends on loaded data: every one that may was counted): {{.*}}[global-atomic-contended]
__device__ unsigned counters[4];
__global__ void countHits(const float *in) {
  if (in[blockIdx.x * blockDim.x + threadIdx.x] > 0.5f)
    atomicAdd(&counters[2], 1u);
}

// Negative: one thread per block makes the atomic (the fix).
__global__ void sumPerBlock(const float *in, float *sum) {
  __shared__ float part[256];
  part[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(sum, part[0]);
}

// Negative: the overflow of a block's queue in shared memory. Each thread
// takes a slot from a shared atomic; only those past the queue's capacity
// (rare: how rare, the data tells) go to the global one. The block's thread
// 0 makes the usual one update per block.
__global__ void queueOverflow(const int *in, int *queue, unsigned *spill, int *out) {
  __shared__ int slots[64];
  __shared__ unsigned used;
  if (threadIdx.x == 0)
    used = 0;
  __syncthreads();
  int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  if (v > 0) {
    unsigned slot = atomicAdd(&used, 1u);
    if (slot < 64u)
      slots[slot] = v;
    else
      queue[atomicAdd(spill, 1u)] = v;
  }
  __syncthreads();
  if (threadIdx.x == 0)
    atomicAdd(spill + 1, used < 64u ? used : 64u);
  if (threadIdx.x < 64 && threadIdx.x < used)
    out[blockIdx.x * 64 + threadIdx.x] = slots[threadIdx.x];
}

// Negative: a histogram, the address follows the data.
__global__ void histogram(const unsigned char *in, unsigned *bins) {
  atomicAdd(&bins[in[blockIdx.x * blockDim.x + threadIdx.x]], 1u);
}

// Negative: one address per block.
__global__ void perBlock(const float *in, float *sums) {
  atomicAdd(&sums[blockIdx.x], in[blockIdx.x * blockDim.x + threadIdx.x]);
}

// Blocks of one warp (here 6 threads): ptxas aggregates an integer atomic's
// lanes per warp, which is already one update per block, all a block
// reduction would leave; not flagged. A float sum is not aggregated: still
// flagged. (The PTX run gives every kernel block(256): flagged there.)
// PTX: warning: kernel 'countSmallBlocks': {{.*}}[global-atomic-contended]
__global__ void countSmallBlocks(const float *score, int *count, float *out, float t) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (score[i] >= t)
    out[atomicAdd(count, 1)] = score[i];
}
// CHECK: global-atomic-contended.cu:[[@LINE+3]]:{{[0-9]+}}: warning: kernel 'sumSmallBlocks': the 24576 threads of grid(4096,1,1) block(6,1,1) atomically update one global address, 6 lanes of each warp at once{{.*}}[global-atomic-contended]
// PTX: warning: kernel 'sumSmallBlocks': {{.*}}[global-atomic-contended]
__global__ void sumSmallBlocks(const float *in, float *sum) {
  atomicAdd(sum, in[blockIdx.x * blockDim.x + threadIdx.x]);
}

void launch(const float *in, float *sum, float *sums, const unsigned char *bytes, unsigned *bins) {
  countSmallBlocks<<<4096, 6>>>(in, (int *)bins, sums, 0.5f);
  sumSmallBlocks<<<4096, 6>>>(in, sum);
  sumAll<<<4096, 256>>>(in, sum);
  countHits<<<4096, 256>>>(in);
  sumPerBlock<<<4096, 256>>>(in, sum);
  histogram<<<4096, 256>>>(bytes, bins);
  queueOverflow<<<4096, 256>>>((const int *)bytes, (int *)sums, bins, (int *)sum);
  perBlock<<<4096, 256>>>(in, sums);
}
