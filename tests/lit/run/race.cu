// RUN: not %warplint run %s --kernel racy --grid 1 --block 64 > %t.txt
// RUN: FileCheck %s < %t.txt
// RUN: %warplint run %s --kernel fixed --grid 1 --block 64 | FileCheck %s --check-prefix=FIXED

__global__ void racy(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  out[threadIdx.x] = s[63 - threadIdx.x];
}

__global__ void fixed(float *out) {
  __shared__ float s[64];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// CHECK: race.cu:7:18: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread 32 writes at {{.*}}race.cu:7, thread 31 read at {{.*}}race.cu:8, with no barrier between [shared-race]
// CHECK: race.cu:8:22: note: the other access of the race
// CHECK: race.cu:8:22: error: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread 32 reads at {{.*}}race.cu:8, thread 31 wrote at {{.*}}race.cu:7, with no barrier between [shared-race]
// FIXED-NOT: error
