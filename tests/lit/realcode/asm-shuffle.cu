// Warp shuffles written as inline assembly (as CUB's ShuffleIndex and
// hand-tuned reductions write them) become the NVVM shuffle intrinsics, so
// the device model runs them and the analyses see through them: a butterfly
// sum of 32 ones is 32 in every lane (every lane stores to out[32]: one
// sector), a float butterfly and an index shuffle broadcast lane 0's value.
// RUN: %warplint run --no-cuda-sdk %s --kernel warp_sum --grid 2 --block 64 --buffer in=128:const:1 --buffer out=33 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=SUM %s < %t.run
// RUN: %warplint run --no-cuda-sdk %s --kernel broadcast --grid 1 --block 32 --buffer in=32:iota --buffer out=32 > %t.bc 2>&1; echo "exit=$?" >> %t.bc
// RUN: FileCheck --check-prefix=BC %s < %t.bc
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck --check-prefix=ACC %s

__global__ void warp_sum(const int *in, int *out) {
  int v = in[blockIdx.x * 64 + threadIdx.x];
  float f = 1.0f;
  for (int o = 16; o > 0; o /= 2) {
    int t;
    asm volatile("shfl.sync.bfly.b32 %0, %1, %2, 0x1f, 0xffffffff;" : "=r"(t) : "r"(v), "r"(o));
    v += t;
    float g;
    asm("shfl.sync.bfly.b32 %0, %1, %2, %3, %4;"
        : "=f"(g) : "f"(f), "r"(o), "r"(31), "r"(0xffffffffu));
    f += g;
  }
  out[v + (int)f - 32] = 1;
}

// Every lane reads lane 0's index: one address for the whole warp.
__global__ void broadcast(const int *in, int *out) {
  int mine = in[threadIdx.x];
  int first;
  asm volatile("shfl.sync.idx.b32 %0, %1, %2, %3, %4;"
               : "=r"(first) : "r"(mine), "r"(0), "r"(0x1f), "r"(0xffffffff));
  out[threadIdx.x] = in[first];
}

// SUM-LABEL: kernel warp_sum
// SUM-NOT: error
// SUM: asm-shuffle.cu:24:{{[0-9]+}} global st 4B: 4 requests, 1.00 sectors/request
// SUM: exit=0
// BC-NOT: error
// BC: asm-shuffle.cu:33:22 global ld 4B: 1 requests, 1.00 sectors/request
// BC: exit=0
// The analyses see a shuffle, as for __shfl_sync: the value is another
// lane's, here the one loaded at line 29 (the lane evaluation moves values
// between lanes as shfl.sync does, so what it shuffles is still data).
// ACC-LABEL: kernel broadcast
// ACC: asm-shuffle.cu:33:22 global ld 4B data-dependent (a value loaded at line 29)
