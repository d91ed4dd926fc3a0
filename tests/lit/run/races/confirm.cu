// check --confirm reports a global-memory race the run finds as a
// device-fault error with the fix.
// RUN: not %warplint check --no-cuda-sdk --confirm %s --buffer out=64 2>&1 | FileCheck %s

// warplint: launch grid(2) block(32)
__global__ void write_write(int *out) {
  out[threadIdx.x] = blockIdx.x;
}
// CHECK: confirm.cu:[[@LINE-2]]:{{[0-9]+}}: error: kernel 'write_write': global-memory race on byte offset {{[0-9]+}} of buffer 'out' between blocks: {{.*}}found by the device model's run {{.*}}; order the two accesses: {{.*}} [device-fault]

// Lanes of one warp: a lane reads the word its neighbour wrote.
// warplint: launch grid(1) block(32)
__global__ void neighbour_in_warp(int *out) {
  out[threadIdx.x] = threadIdx.x;
  int v = out[threadIdx.x ^ 1];
  out[threadIdx.x] += v;
}
// CHECK: confirm.cu:[[@LINE-2]]:{{[0-9]+}}: error: kernel 'neighbour_in_warp': global-memory race on {{.*}}lanes of one warp with no __syncwarp() between {{.*}}found by the device model's run {{.*}}; put __syncwarp() between the two accesses (or exchange the values with __shfl_sync), or give each thread its own word [device-fault]

// Two warps of one block: warp 1 reads what warp 0 wrote.
// warplint: launch grid(1) block(64)
__global__ void across_warps(int *out) {
  if (threadIdx.x < 32)
    out[threadIdx.x] = 1;
  else
    out[threadIdx.x] = out[threadIdx.x - 32];
}
// CHECK: confirm.cu:[[@LINE-2]]:{{[0-9]+}}: error: kernel 'across_warps': global-memory race on {{.*}} in block (0,0,0): {{.*}}with no barrier between, found by the device model's run {{.*}}; put __syncthreads() between the two accesses, or give each thread its own word [device-fault]

// Lanes of one store write different values to one word.
// warplint: launch grid(1) block(32)
__global__ void one_word(int *out) {
  out[0] = threadIdx.x;
}
// CHECK: confirm.cu:[[@LINE-2]]:{{[0-9]+}}: error: kernel 'one_word': global-memory race on byte offset 0 of buffer 'out' {{.*}}in one instruction {{.*}}found by the device model's run {{.*}}; give each thread its own word (a slot it alone writes), let one lane store (if (lane == 0)), or combine the values with an atomic [device-fault]
