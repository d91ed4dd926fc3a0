// cuRAND's curandState (GPUVerify's curand_race) with the toolkit's headers:
// curand_uniform reads the state and advances it, so threads drawing from
// one state race; each thread's own state does not. `--buffer state=1` is one
// whole curandState (48 bytes: the structure the parameter points to).
// REQUIRES: cuda-sdk
// RUN: not %warplint run --cuda-path=%cuda-path %s --kernel shared_state --grid 1 --block 2 --buffer state=1 --buffer out=2 > %t.shared
// RUN: FileCheck %s --check-prefix=SHARED < %t.shared
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel own_state --grid 2 --block 64 --buffer state=128 --buffer out=128 > %t.own
// RUN: FileCheck %s --check-prefix=OWN < %t.own
#include <curand_kernel.h>

__global__ void shared_state(curandState *state, float *out) {
  out[threadIdx.x] = curand_uniform(state);
}
// SHARED-NOT: out-of-bounds
// SHARED: error: global-memory race on byte offset {{[0-9]+}} of buffer 'state' in block (0,0,0): {{.*}}lanes of one warp with no __syncwarp() between {{.*}}[global-race]

__global__ void own_state(curandState *state, float *out) {
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  curand_init(1234, t, 0, &state[t]);
  out[t] = curand_uniform(&state[t]);
}
// OWN: sites:
// OWN-NOT: error
