// Global-memory races between blocks: blocks run in any order (and at
// once), so two blocks that touch one global word, one writing, race unless
// the kernel orders them (__threadfence() and an atomic flag).
// RUN: not %warplint run --no-cuda-sdk %s --kernel write_write --grid 2 --block 32 --buffer out=32 > %t.ww
// RUN: FileCheck %s --check-prefix=WW < %t.ww
// RUN: not %warplint run --no-cuda-sdk %s --kernel read_write --grid 2 --block 32 --buffer data=32 --buffer out=64 > %t.rw
// RUN: FileCheck %s --check-prefix=RW < %t.rw
// RUN: not %warplint run --no-cuda-sdk %s --kernel reset_and_add --grid 4 --block 32 --buffer count=1 > %t.ra
// RUN: FileCheck %s --check-prefix=RA < %t.ra
// RUN: %warplint run --no-cuda-sdk %s --kernel same_value --grid 4 --block 32 --buffer out=32 | FileCheck %s --check-prefix=BENIGN

// Every block writes its index to the same 32 words.
__global__ void write_write(int *out) {
  out[threadIdx.x] = blockIdx.x;
}
// WW: across-blocks.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset {{[0-9]+}} of buffer 'out' between blocks: thread {{[0-9]+}} of block (1,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-2]], thread {{[0-9]+}} of block (0,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-2]], with nothing ordering them {{.*}}[global-race]
// WW-NOT: benign

// Block 0 produces, block 1 consumes, with nothing ordering them.
__global__ void read_write(int *data, int *out) {
  unsigned t = threadIdx.x;
  if (blockIdx.x == 0)
    data[t] = t + 1;
  else
    out[t] = data[t];
}
// RW: across-blocks.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset {{[0-9]+}} of buffer 'data' between blocks: thread {{[0-9]+}} of block (1,0,0) reads at {{.*}}across-blocks.cu:[[@LINE-2]], thread {{[0-9]+}} of block (0,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-4]], with nothing ordering them {{.*}}[global-race]

// Block 0 clears the counter the other blocks add to: a plain store and
// atomics of other blocks race.
__global__ void reset_and_add(unsigned *count) {
  if (blockIdx.x == 0 && threadIdx.x == 0)
    count[0] = 0;
  else
    atomicAdd(count, 1u);
}
// RA: across-blocks.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset 0 of buffer 'count' between blocks: thread {{[0-9]+}} of block ({{[123]}},0,0) atomically accesses at {{.*}}across-blocks.cu:[[@LINE-2]], thread 0 of block (0,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-4]], with nothing ordering them {{.*}}[global-race]

// Every block stores the same values: a benign race (a note, exit 0).
__global__ void same_value(int *out) {
  out[threadIdx.x] = threadIdx.x;
}
// BENIGN: across-blocks.cu:[[@LINE-2]]:{{[0-9]+}}: note: global-memory race on byte offset {{[0-9]+}} of buffer 'out' between blocks: thread {{[0-9]+}} of block (1,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-2]], thread {{[0-9]+}} of block (0,0,0) writes at {{.*}}across-blocks.cu:[[@LINE-2]]; both store the same value, so the result does not depend on their order (a benign race) [global-race]
// BENIGN-NOT: error
