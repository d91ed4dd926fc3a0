// The device heap: malloc/free and new/delete in kernels are tracked. A
// block freed and then used, freed twice, freed at an interior pointer, or
// read past its end stops the kernel (compute-sanitizer memcheck reports
// them); a block never freed is a note; a read of a malloc'ed byte nothing
// wrote is an uninitialized read (initcheck).
// RUN: not %warplint run --no-cuda-sdk %s --kernel use_after_free --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=UAF
// RUN: not %warplint run --no-cuda-sdk %s --kernel double_free --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=DOUBLE
// RUN: not %warplint run --no-cuda-sdk %s --kernel interior_free --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=INTERIOR
// RUN: not %warplint run --no-cuda-sdk %s --kernel heap_overrun --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=PASTEND
// RUN: not %warplint run --no-cuda-sdk %s --kernel heap_uninit --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=UNINIT
// RUN: %warplint run --no-cuda-sdk %s --kernel leak --grid 2 --block 32 --buffer out=64 | FileCheck %s --check-prefix=LEAK
// RUN: %warplint run --no-cuda-sdk %s --kernel heap_clean --grid 2 --block 32 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel new_delete --grid 2 --block 32 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer out=64 2>&1 | FileCheck %s --check-prefix=CONFIRM

// The optimizer removes a malloc whose block never escapes (and with it a
// free and the accesses between), as NVVM does: the kernels below publish
// their pointer to a device variable so that the calls stay.
__device__ void *Keep[64]; // one slot per thread: a shared slot would be a race

// warplint: launch grid(1) block(32)
__global__ void use_after_free(int *out) {
  int *p = (int *)malloc(4 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[0] = threadIdx.x;
  free(p);
  out[threadIdx.x] = p[0];
}
// UAF: heap.cu:[[@LINE-2]]:22: error: load of 4 bytes at byte offset 0 of a 16-byte heap block (malloc at {{.*}}heap.cu:[[@LINE-5]] by thread (0,0,0) of block (0,0,0), freed at {{.*}}heap.cu:[[@LINE-3]] by thread (0,0,0) of block (0,0,0)) by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}heap.cu:[[@LINE-2]] [heap-use-after-free]
// CONFIRM: heap.cu:[[@LINE-3]]:22: error: kernel 'use_after_free': load of 4 bytes at byte offset 0 of a 16-byte heap block {{.*}}, found by the device model's run (grid(1,1,1) block(32,1,1)); use a heap block only between its malloc/new and its free/delete{{.*}} [device-fault]

// warplint: launch grid(1) block(32)
__global__ void double_free(int *out) {
  int *p = (int *)malloc(sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  *p = 1;
  out[threadIdx.x] = *p;
  free(p);
  free(p);
}
// DOUBLE: heap.cu:[[@LINE-2]]:3: error: free of a 4-byte heap block (malloc at {{.*}}heap.cu:[[@LINE-6]] by thread (0,0,0) of block (0,0,0), freed at {{.*}}heap.cu:[[@LINE-3]] by thread (0,0,0) of block (0,0,0)), already freed, by lane 0, thread (0,0,0) of block (0,0,0) {{.*}}[heap-double-free]
// CONFIRM: heap.cu:[[@LINE-3]]:3: error: kernel 'double_free': free of a 4-byte heap block {{.*}}already freed{{.*}} [device-fault]

// warplint: launch grid(1) block(32)
__global__ void interior_free(int *out) {
  int *p = (int *)malloc(4 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[1] = 2;
  out[threadIdx.x] = p[1];
  free(p + 1);
}
// INTERIOR: heap.cu:[[@LINE-2]]:3: error: free of byte offset 4 of a 16-byte heap block {{.*}}, not the start of the block, by lane 0, thread (0,0,0) of block (0,0,0) {{.*}}[heap-invalid-free]
// CONFIRM: heap.cu:[[@LINE-3]]:3: error: kernel 'interior_free': free of byte offset 4 {{.*}} [device-fault]

// warplint: launch grid(1) block(32)
__global__ void heap_overrun(int *out) {
  int *p = (int *)malloc(4 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[threadIdx.x % 8] = 1;
  out[threadIdx.x] = p[0];
  free(p);
}
// PASTEND: heap.cu:[[@LINE-4]]:22: error: store of 4 bytes at byte offset 16 of a 16-byte heap block (malloc at {{.*}}heap.cu:[[@LINE-5]] by thread (4,0,0) of block (0,0,0)) by lane 4, thread (4,0,0) of block (0,0,0) {{.*}}[out-of-bounds]
// CONFIRM: heap.cu:[[@LINE-5]]:22: error: kernel 'heap_overrun': store of 4 bytes at byte offset 16 of a 16-byte heap block {{.*}} [out-of-bounds]

// warplint: launch grid(1) block(32)
__global__ void heap_uninit(int *out) {
  int *p = (int *)malloc(4 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[0] = 1;
  out[threadIdx.x] = p[threadIdx.x % 2];
  free(p);
}
// UNINIT: heap.cu:[[@LINE-3]]:22: error: read of uninitialized memory: load of 4 bytes at byte offset 4 of a 16-byte heap block (malloc at {{.*}}heap.cu:[[@LINE-5]] by thread (1,0,0) of block (0,0,0)), which nothing has written since it was allocated, by lane 1, thread (1,0,0) of block (0,0,0) [uninitialized-read]
// CONFIRM: heap.cu:[[@LINE-4]]:22: error: kernel 'heap_uninit': read of uninitialized memory: {{.*}} [device-fault]

// A note, not an error: one per allocation site.
// warplint: launch grid(2) block(32)
__global__ void leak(int *out) {
  int *p = (int *)malloc(2 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[0] = threadIdx.x;
  out[blockIdx.x * 32 + threadIdx.x] = p[0];
}
// LEAK: heap.cu:[[@LINE-4]]:19: note: 64 heap blocks (512 bytes) from this malloc never freed by the end of the kernel, the first by thread (0,0,0) of block (0,0,0); device-heap memory stays allocated until the context ends [heap-leak]
// LEAK-NOT: error
// CONFIRM: heap.cu:[[@LINE-6]]:19: note: kernel 'leak': 64 heap blocks (512 bytes) from this malloc never freed {{.*}} [device-fault]

// Negative: written, read and freed by each thread.
// warplint: launch grid(2) block(32)
__global__ void heap_clean(int *out) {
  int *p = (int *)malloc(4 * sizeof(int)); Keep[blockIdx.x * 32 + threadIdx.x] = p;
  for (int k = 0; k < 4; ++k)
    p[k] = k * threadIdx.x;
  out[blockIdx.x * 32 + threadIdx.x] = p[threadIdx.x % 4];
  free(p);
}

// Negative: new[] and delete[].
// warplint: launch grid(2) block(32)
__global__ void new_delete(int *out) {
  int *p = new int[3]; Keep[blockIdx.x * 32 + threadIdx.x] = p;
  p[0] = 1;
  p[1] = 2;
  p[2] = p[0] + p[1];
  out[blockIdx.x * 32 + threadIdx.x] = p[2];
  delete[] p;
}

// CLEAN-NOT: error
// CLEAN-NOT: note: {{.*}}heap
// CLEAN: sites:
