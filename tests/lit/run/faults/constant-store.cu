// A store to __constant__ memory: read-only for kernels. nvcc warns; LLVM
// deletes the store (the variable is constant in its IR), so the frontend
// marks it before optimizing and the run reports it where it executes.
// RUN: not %warplint run --no-cuda-sdk %s --kernel direct --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=DIRECT
// RUN: not %warplint run --no-cuda-sdk %s --kernel through_pointer --grid 1 --block 32 | FileCheck %s --check-prefix=POINTER
// RUN: %warplint run --no-cuda-sdk %s --kernel reads_only --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN

__constant__ int table[4] = {1, 2, 3, 4};

__global__ void direct(int *out) {
  table[threadIdx.x % 4] = threadIdx.x;
  out[threadIdx.x] = table[threadIdx.x % 4];
}
// DIRECT: constant-store.cu:[[@LINE-3]]:{{[0-9]+}}: error: store to __constant__ variable 'table' (byte offset 0 of constant memory) by lane 0, thread (0,0,0) of block (0,0,0): constant memory is read-only for kernels {{.*}}[constant-store]

__global__ void through_pointer() {
  int *p = table;
  if (threadIdx.x == 5)
    p[2] = 7;
}
// POINTER: constant-store.cu:[[@LINE-2]]:{{[0-9]+}}: error: store to __constant__ variable 'table' (byte offset 8 of constant memory) by lane 5, thread (5,0,0) of block (0,0,0){{.*}}[constant-store]

__global__ void reads_only(int *out) {
  out[threadIdx.x] = table[threadIdx.x % 4];
}
// CLEAN-NOT: error
