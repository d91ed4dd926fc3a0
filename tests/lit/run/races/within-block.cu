// Global-memory races between threads of one block: two threads touch one
// global word, at least one writing, with no __syncthreads() between.
// RUN: not %warplint run --no-cuda-sdk %s --kernel write_write --grid 1 --block 64 --buffer out=4 > %t.ww
// RUN: FileCheck %s --check-prefix=WW < %t.ww
// RUN: not %warplint run --no-cuda-sdk %s --kernel read_write --grid 1 --block 64 --buffer buf=64 --buffer out=64 > %t.rw
// RUN: FileCheck %s --check-prefix=RW < %t.rw
// RUN: %warplint run --no-cuda-sdk %s --kernel read_write_synced --grid 1 --block 64 --buffer buf=64 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel same_value --grid 1 --block 64 --buffer flag=1 | FileCheck %s --check-prefix=BENIGN
// RUN: %warplint run --no-cuda-sdk %s --kernel atomics_only --grid 1 --block 64 --buffer count=1 | FileCheck %s --check-prefix=CLEAN

// Every thread stores its index to out[0]: the last writer wins.
__global__ void write_write(int *out) {
  out[0] = threadIdx.x;
}
// The first race the run meets is between lanes of warp 0's one store.
// WW: within-block.cu:[[@LINE-3]]:{{[0-9]+}}: error: global-memory race on byte offset 0 of buffer 'out' in block (0,0,0): thread 1 writes at {{.*}}within-block.cu:[[@LINE-3]], thread 0 wrote at {{.*}}within-block.cu:[[@LINE-3]], lanes of one warp that store different values to it in one instruction (which lane's value the word keeps is undefined) [global-race]
// WW-NOT: benign

// Each thread writes its slot, then reads its mirror's slot, which another
// warp writes: no barrier between.
__global__ void read_write(int *buf, int *out) {
  unsigned t = threadIdx.x;
  buf[t] = t * 3;
  out[t] = buf[63 - t];
}
// RW: within-block.cu:[[@LINE-3]]:{{[0-9]+}}: error: global-memory race on byte offset {{[0-9]+}} of buffer 'buf' in block (0,0,0): thread {{[0-9]+}} writes at {{.*}}within-block.cu:[[@LINE-3]], thread {{[0-9]+}} read at {{.*}}within-block.cu:[[@LINE-2]], with no barrier between [global-race]
// RW: within-block.cu:[[@LINE-3]]:{{[0-9]+}}: error: global-memory race on byte offset {{[0-9]+}} of buffer 'buf' in block (0,0,0): thread {{[0-9]+}} reads at {{.*}}within-block.cu:[[@LINE-3]], thread {{[0-9]+}} wrote at {{.*}}within-block.cu:[[@LINE-4]], with no barrier between [global-race]

// The same with the barrier.
__global__ void read_write_synced(int *buf, int *out) {
  unsigned t = threadIdx.x;
  buf[t] = t * 3;
  __syncthreads();
  out[t] = buf[63 - t];
}
// CLEAN-NOT: memory race
// CLEAN-NOT: error

// Every thread raises the same flag: a race, but a benign one (a note).
__global__ void same_value(int *flag) {
  flag[0] = 1;
}
// BENIGN: within-block.cu:[[@LINE-2]]:{{[0-9]+}}: note: global-memory race on byte offset 0 of buffer 'flag' in block (0,0,0): thread {{[0-9]+}} writes at {{.*}}within-block.cu:[[@LINE-2]], thread {{[0-9]+}} wrote at {{.*}}within-block.cu:[[@LINE-2]], with no barrier between; both store the same value, so the result does not depend on their order (a benign race) [global-race]
// BENIGN-NOT: error

// Atomics do not race with each other.
__global__ void atomics_only(int *count) {
  atomicAdd(count, 1);
  atomicMax(count, (int)threadIdx.x);
}
