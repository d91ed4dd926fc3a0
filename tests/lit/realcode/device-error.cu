// An error in a kernel is still the file's error (exit 2): skipping host
// code cannot make it go away, and the report is the first compile's.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK: device-error.cu:[[@LINE+3]]:{{[0-9]+}}: error: use of undeclared identifier 'not_declared'
// CHECK-NOT: host code skipped
__global__ void broken(float *out) {
  out[threadIdx.x] = not_declared;
}
int host_side() { return undeclared_host_call(); }
// CHECK: exit=2
