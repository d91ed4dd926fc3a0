// warp-divergent-branch in 2-D blocks whose rows are several whole warps:
// warp W covers threadIdx.x from W % (blockDim.x / 32) * 32 on, so a branch on
// threadIdx.x splits only the warps of one column. The share reported is the
// block's: the sampled warps are every column in the same rows.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[warp-divergent-branch]'

// Rows of 4 warps: only the first warp of each row (4 of 16) has lanes on
// both sides of threadIdx.x < 12.
// warplint: launch grid(64) block(128,4)
__global__ void first_column(const float *in, float *out) {
  __shared__ float coef[12];
  // CHECK: warp-divergent-branch-2d.cu:[[@LINE+1]]:19: warning: kernel 'first_column': the lanes of a warp disagree on this branch in 25% of warp executions ({{[0-9]+}} of {{[0-9]+}} sampled): the warp issues the guarded path {{.*}} [warp-divergent-branch]
  if (threadIdx.x < 12)
    coef[threadIdx.x] = in[threadIdx.x] * 0.5f;
  __syncthreads();
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  out[i] = in[i] * coef[threadIdx.x % 12];
}

// Rows of 2 warps: the second warp of each row (8 of 16) straddles 40.
// warplint: launch grid(64) block(64,8)
__global__ void second_column(const float *in, float *out) {
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  // CHECK: warp-divergent-branch-2d.cu:[[@LINE+1]]:19: warning: kernel 'second_column': the lanes of a warp disagree on this branch in 50% of warp executions ({{[0-9]+}} of {{[0-9]+}} sampled): the warp issues the guarded path {{.*}} [warp-divergent-branch]
  if (threadIdx.x < 40)
    out[i] = in[i] * 3.0f + in[i + 1];
}

// Negative: one warp of the block's 16 (row 1, first column) diverges, 6%,
// under the rule's 10%.
// warplint: launch grid(64) block(128,4)
__global__ void one_warp(const float *in, float *out) {
  int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
  if (threadIdx.y == 1 && threadIdx.x < 16)
    out[i] = in[i] * 3.0f + in[i + 1];
}
