// RUN: not %warplint run %s --kernel shift --grid 2 --block 64 --buffer in=128 --buffer out=128 > %t.txt
// RUN: FileCheck %s < %t.txt

__global__ void shift(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i + 1];
}

// CHECK: out-of-bounds.cu:6:12: error: load of 4 bytes at byte offset 512 of buffer 'in' (512 bytes) by lane 31, thread (63,0,0) of block (1,0,0) at {{.*}}out-of-bounds.cu:6 [out-of-bounds]
