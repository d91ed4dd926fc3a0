// device-fault: what the device model's run finds wrong that no other rule
// reports (misaligned accesses, device-heap misuse, uninitialized reads,
// hangs, traps), with --confirm; without it the rule finds nothing. The
// fault corpus is tests/lit/run/faults/.
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer in=64 --buffer out=64 2>&1 | FileCheck %s --implicit-check-not='[device-fault]'
// RUN: not %warplint check --no-cuda-sdk %s --buffer in=64 --buffer out=64 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not='[device-fault]'
// STATIC-NOT: error

// warplint: launch grid(1) block(32)
__global__ void off_by_one_byte(const int *in, int *out) {
  // CHECK: device-fault.cu:[[@LINE+1]]:22: error: kernel 'off_by_one_byte': misaligned load of 4 bytes at byte offset 2 of buffer 'in' (256 bytes), which needs 4-byte alignment (address 0x{{[0-9a-f]+}}), by lane 0, thread (0,0,0) of block (0,0,0), found by the device model's run (grid(1,1,1) block(32,1,1)); align the address to the access size{{.*}} [device-fault]
  out[threadIdx.x] = *(const int *)((const char *)in + 2 + 4 * threadIdx.x);
}

// Keeps heap pointers alive (the optimizer removes a malloc that never escapes).
__device__ void *Keep[32]; // one slot per thread: a shared slot would be a race

// warplint: launch grid(1) block(32)
__global__ void leaks(int *out) {
  // CHECK: device-fault.cu:[[@LINE+1]]:19: note: kernel 'leaks': 32 heap blocks (128 bytes) from this malloc never freed by the end of the kernel, the first by thread (0,0,0) of block (0,0,0); device-heap memory stays allocated until the context ends, found by the device model's run (grid(1,1,1) block(32,1,1)); free each block before the kernel ends (or in a later kernel) [device-fault]
  int *p = (int *)malloc(sizeof(int)); Keep[threadIdx.x] = p;
  *p = threadIdx.x;
  out[threadIdx.x] = *p;
}

// Negative: aligned, initialized, freed, terminating.
// warplint: launch grid(1) block(32)
__global__ void fine(const int *in, int *out) {
  int *p = (int *)malloc(sizeof(int)); Keep[threadIdx.x] = p;
  *p = in[threadIdx.x];
  out[threadIdx.x] = *p;
  free(p);
}
