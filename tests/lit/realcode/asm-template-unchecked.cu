// nvcc checks an inline asm statement's operands where a template is
// instantiated, never in a discarded `if constexpr` branch; Clang checks them
// at definition. A header-like template whose N == 8 branch names operand %8
// of 8 is instantiated only with N == 4: the asm is set aside (a note says so)
// and both kernels are analyzed.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-DAG: asm-template-unchecked.cu:[[@LINE+18]]:{{[0-9]+}}: warning: kernel 'uses_template': {{.*}}[global-uncoalesced]
// CHECK-DAG: asm-template-unchecked.cu:[[@LINE+19]]:{{[0-9]+}}: warning: kernel 'plain': {{.*}}[global-uncoalesced]
// CHECK-DAG: asm-template-unchecked.cu:[[@LINE+6]]: an asm statement Clang rejects at definition (nvcc checks it only where instantiated) was set aside: invalid operand number in inline asm string
// RUN: not grep error: %t.out
template <int N> __device__ unsigned pick(unsigned a, unsigned b, unsigned c, unsigned d,
                                           unsigned e, unsigned f, unsigned g, unsigned h) {
  unsigned r = 0;
  if constexpr (N == 8) {
    asm volatile("mov.u32 %8, %0;"
                 : "=r"(r)
                 : "r"(a), "r"(b), "r"(c), "r"(d), "r"(e), "r"(f), "r"(g));
  } else {
    r = a + b + c + d + e + f + g + h;
  }
  return r;
}
__global__ void uses_template(const unsigned *in, unsigned *out) {
  unsigned i = threadIdx.x;
  out[i * 2] = pick<4>(in[i], in[i], in[i], in[i], in[i], in[i], in[i], in[i]);
}
__global__ void plain(const float *in, float *out) { out[threadIdx.x * 2] = in[threadIdx.x * 2]; }
// CHECK: exit={{[01]}}
