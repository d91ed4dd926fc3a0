// The note that an asm statement was set aside survives the retries that
// follow it: here host code that fails is left out too.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-DAG: asm-template-host.cu:[[@LINE+5]]: an asm statement Clang rejects at definition (nvcc checks it only where instantiated) was set aside: invalid operand number in inline asm string
// CHECK-DAG: host code skipped: 'host_side'
template <int N> __device__ unsigned pick(unsigned a) {
  unsigned r = a;
  if constexpr (N == 8)
    asm volatile("mov.u32 %8, %0;" : "=r"(r) : "r"(a));
  return r;
}
// CHECK-DAG: asm-template-host.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'uses_template': {{.*}}[global-uncoalesced]
__global__ void uses_template(unsigned *out) { out[threadIdx.x * 2] = pick<4>(threadIdx.x); }
int host_side() { return undeclared_host_call(); }
// CHECK: exit={{[01]}}
