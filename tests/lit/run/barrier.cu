// RUN: not %warplint run %s --kernel early_exit --grid 1 --block 128 --arg n=100 > %t.txt
// RUN: FileCheck %s < %t.txt

__global__ void early_exit(float *out, int n) {
  __shared__ float s[128];
  int i = threadIdx.x;
  if (i >= n)
    return;
  s[i] = i;
  __syncthreads();
  out[i] = s[(i + 1) % n];
}

// CHECK: barrier.cu:10:3: error: barrier at {{.*}}barrier.cu:10 reached by 100 of 128 threads of block (0,0,0); the other threads are on a divergent path [barrier-divergent]
