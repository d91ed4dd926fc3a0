// A kernel that calls a __noinline__ device function: decoding the call adds
// the callee to the program while the caller is being decoded (a
// use-after-free in the device model's call decoding, found by ASan).
// RUN: %warplint run --no-cuda-sdk %s --kernel twice --grid 2 --block 64 --buffer in=128:iota --buffer out=128 | FileCheck %s
// RUN: %warplint check --no-cuda-sdk --confirm %s --grid 2 --block 64 > %t.check; test $? -le 1
// CHECK: twice
// CHECK: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum

__device__ __noinline__ float doubled(const float *p, int i) { return 2.0f * p[i]; }
__device__ __noinline__ float tripled(const float *p, int i) { return 3.0f * p[i]; }

__global__ void twice(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = doubled(in, i) + tripled(in, i);
}
