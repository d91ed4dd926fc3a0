// The asm a template's instantiation takes is an error for nvcc as for Clang:
// the kernel is still not analyzed, at the asm's line (asm-template-plain.cu:
// the same in a function that is not a template).
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s
template <int N> __device__ unsigned pick(unsigned a) {
  unsigned r = 0;
  if constexpr (N == 8) {
    // CHECK: asm-template-checked.cu:[[@LINE+1]]:{{[0-9]+}}: error: {{.*}}invalid operand number in inline asm string
    asm volatile("mov.u32 %8, %0;" : "=r"(r) : "r"(a));
  } else {
    r = a;
  }
  return r;
}
__global__ void uses_template(unsigned *out) { out[threadIdx.x] = pick<8>(threadIdx.x); }
__global__ void other(float *out) { out[threadIdx.x] = 1.0f; }
