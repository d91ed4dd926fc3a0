// An asm statement Clang rejects in a function that is not a template is an
// error for nvcc too: nothing is set aside, the kernel is not analyzed.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s
// CHECK-NOT: set aside
__device__ unsigned plain_fn(unsigned a) {
  unsigned r;
  // CHECK: asm-template-plain.cu:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}invalid operand number in inline asm string
  asm volatile("mov.u32 %8, %0;" : "=r"(r) : "r"(a));
  return r;
}
__global__ void plain(unsigned *out) { out[threadIdx.x] = plain_fn(threadIdx.x); }
__global__ void other(float *out) { out[threadIdx.x] = 1.0f; }
