// Faults LLVM's -O2 would erase: a read after free, a read of a malloc'ed
// block nothing wrote and a read of a __shared__ array nothing wrote fold to
// nothing (malloc and free are builtins it deletes with the accesses; a
// never-stored __shared__ variable reads as undef). nvcc keeps them (CUDA
// 13's PTX for sm_90 of this file has the malloc and free calls and the
// loads), and so does warplint's IR (keepFaultingAccesses in
// frontend/NvptxPipeline.cpp). The pointers here
// never leave the thread.
// RUN: not %warplint run --no-cuda-sdk %s --kernel read_after_free --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=UAF
// RUN: not %warplint run --no-cuda-sdk %s --kernel read_never_written --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=HEAP
// RUN: not %warplint run --no-cuda-sdk %s --kernel shared_never_written --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=SHARED
// RUN: not %warplint run --no-cuda-sdk %s --kernel delete_then_read --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=DELETE
// RUN: %warplint run --no-cuda-sdk %s --kernel private_block --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=PRIVATE
// RUN: %warplint run --no-cuda-sdk %s --kernel shared_written --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN

__global__ void read_after_free(int *out) {
  int *p = (int *)malloc(4 * sizeof(int));
  p[0] = threadIdx.x;
  free(p);
  out[threadIdx.x] = p[0];
}
// UAF: optimizer-erased.cu:[[@LINE-2]]:{{[0-9]+}}: error: load of 4 bytes at byte offset 0 of a 16-byte heap block (malloc at {{.*}}optimizer-erased.cu:[[@LINE-5]] by thread (0,0,0) of block (0,0,0), freed at {{.*}}optimizer-erased.cu:[[@LINE-3]] {{.*}}[heap-use-after-free]

__global__ void read_never_written(int *out) {
  int *p = (int *)malloc(4 * sizeof(int));
  out[threadIdx.x] = p[1];
  free(p);
}
// HEAP: optimizer-erased.cu:[[@LINE-3]]:{{[0-9]+}}: error: read of uninitialized memory: load of 4 bytes at byte offset 4 of a 16-byte heap block (malloc at {{.*}}optimizer-erased.cu:[[@LINE-4]] {{.*}}[uninitialized-read]

__global__ void shared_never_written(int *out) {
  __shared__ int s[32];
  out[threadIdx.x] = s[threadIdx.x];
}
// SHARED: optimizer-erased.cu:[[@LINE-2]]:{{[0-9]+}}: error: read of uninitialized memory: load of 4 bytes at byte offset 0 of shared memory ('s'){{.*}}[uninitialized-read]

__global__ void delete_then_read(int *out) {
  int *p = new int[4];
  p[2] = 1;
  delete[] p;
  out[threadIdx.x] = p[2];
}
// DELETE: optimizer-erased.cu:[[@LINE-2]]:{{[0-9]+}}: error: load of 4 bytes at byte offset 8 of a 16-byte heap block (new[] at {{.*}}[heap-use-after-free]

// Negative: a private block used correctly, a shared array written first.
__global__ void private_block(int *out) {
  int *p = (int *)malloc(4 * sizeof(int));
  p[threadIdx.x % 4] = threadIdx.x;
  out[threadIdx.x] = p[threadIdx.x % 4];
  free(p);
}
// The block is kept (nvcc keeps it too): its store is a global request.
// PRIVATE: optimizer-erased.cu:[[@LINE-5]]:{{[0-9]+}} global st 4B: 1 requests
// PRIVATE-NOT: error

__global__ void shared_written(int *out) {
  __shared__ int s[32];
  s[threadIdx.x] = threadIdx.x;
  __syncwarp();
  out[threadIdx.x] = s[31 - threadIdx.x];
}
// CLEAN-NOT: error
