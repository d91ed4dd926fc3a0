// check --confirm reports a global-memory race the run finds as a
// device-fault error with the fix.
// RUN: not %warplint check --no-cuda-sdk --confirm %s --buffer out=32 2>&1 | FileCheck %s

// warplint: launch grid(2) block(32)
__global__ void write_write(int *out) {
  out[threadIdx.x] = blockIdx.x;
}
// CHECK: confirm.cu:[[@LINE-2]]:{{[0-9]+}}: error: kernel 'write_write': global-memory race on byte offset {{[0-9]+}} of buffer 'out' between blocks: {{.*}}found by the device model's run {{.*}}; order the two accesses: {{.*}} [device-fault]
