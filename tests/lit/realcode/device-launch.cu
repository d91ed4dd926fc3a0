// A kernel launched from device code (dynamic parallelism) needs separate
// compilation, which the build asks for with -rdc=true: the device compile
// is retried with -fgpu-rdc and both kernels are analyzed.
// RUN: %warplint accesses --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-DAG: kernel child
// CHECK-DAG: kernel parent
// CHECK: exit=0
__global__ void child(float *out, int base) {
  out[base + threadIdx.x] = 1.0f;
}

__global__ void parent(float *out) {
  if (threadIdx.x == 0)
    child<<<1, 32>>>(out, blockIdx.x * 32);
}
