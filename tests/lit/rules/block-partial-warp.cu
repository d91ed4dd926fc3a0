// block-partial-warp: blocks of fewer threads than a warp, or of a count that
// is not a multiple of it, leave lanes of their warps idle.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[block-partial-warp]'
// A stricter threshold flags the 112-thread block too.
// RUN: printf 'rules:\n  block-partial-warp:\n    threshold: 10\n' > %t.yaml
// RUN: not %warplint check --no-cuda-sdk --config %t.yaml %s 2>&1 | FileCheck %s --check-prefix=STRICT --implicit-check-not='[block-partial-warp]'

// CHECK: block-partial-warp.cu:[[@LINE+2]]:{{[0-9]+}}: warning: kernel 'scale': the host launch at block-partial-warp.cu:[[@LINE+28]] launches block(1,1,1): 1 thread per block, and each block's one warp runs 1 of its 32 lanes, so 97% of the lanes the launch occupies do no work, {{.*}}; launch blocks of 256 threads and 256x fewer blocks, each thread indexing with blockIdx.x * blockDim.x + threadIdx.x [block-partial-warp]
// STRICT: warning: kernel 'scale': {{.*}}block(1,1,1){{.*}}[block-partial-warp]
__global__ void scale(float *x, float a) {
  x[blockIdx.x * blockDim.x + threadIdx.x] *= a;
}

// CHECK: block-partial-warp.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'tile': the host launch at {{.*}} launches block(10,10,1): 100 threads per block in 4 warps of 32 lanes, 28 of them idle, so 22% of the lanes {{.*}}; launch block(128) or another multiple of 32 threads [block-partial-warp]
__global__ void tile(float *x) { x[(blockIdx.x * 10 + threadIdx.y) * 10 + threadIdx.x] = 0; }

// 112 threads: 4 warps, 16 idle lanes (12.5%): under the default threshold
// (20%), over 10.
// STRICT: warning: kernel 'tile': {{.*}}[block-partial-warp]
// STRICT: warning: kernel 'odd': {{.*}}block(112,1,1): 112 threads per block in 4 warps of 32 lanes, 16 of them idle, so 12% {{.*}}[block-partial-warp]
__global__ void odd(float *x) { x[blockIdx.x * 112 + threadIdx.x] = 0; }

// Negative: whole warps.
__global__ void whole(float *x) { x[blockIdx.x * blockDim.x + threadIdx.x] = 0; }

// Negative: a launch whose every thread fits in one warp (a serial running
// sum the host waits for, <<<1, 1>>>; two blocks of 8): no other shape of
// the same threads fills more lanes, and "fewer blocks" cannot apply.
__global__ void runningSum(float *x, int n) {
  for (int i = 1; i < n; ++i)
    x[i] += x[i - 1];
}
__global__ void pairOfEights(float *x) { x[blockIdx.x * 8 + threadIdx.x] = 1; }

void launch(float *x, int n) {
  scale<<<n, 1>>>(x, 2.0f);
  tile<<<n, dim3(10, 10)>>>(x);
  odd<<<n, 112>>>(x);
  whole<<<n / 256, 256>>>(x);
  runningSum<<<1, 1>>>(x, n);
  pairOfEights<<<2, 8>>>(x);
}
