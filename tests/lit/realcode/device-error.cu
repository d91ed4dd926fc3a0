// An error in a kernel is still an error (exit 2) when host code also fails:
// skipping host code cannot make it go away. The kernel is left out and
// reported at Clang's error; host code is skipped, and the note says so with
// the host error that made it necessary.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-DAG: device-error.cu:[[@LINE+4]]:{{[0-9]+}}: error: use of undeclared identifier 'not_declared'
// CHECK-DAG: host code skipped: {{.*}}device-error.cu:[[@LINE+5]]:26: error: use of undeclared identifier 'undeclared_host_call'
// CHECK-DAG: device-error.cu:[[@LINE+2]]:22: error: kernel 'broken' was not analyzed: use of undeclared identifier 'not_declared' [compile-error]
__global__ void broken(float *out) {
  out[threadIdx.x] = not_declared;
}
int host_side() { return undeclared_host_call(); }
// CHECK: exit=2
