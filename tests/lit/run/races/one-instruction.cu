// Lanes of one warp that store to one word in the same instruction: when
// they store different values the word keeps one lane's, and which one is
// undefined (a write-write race under the CUDA memory model, each lane being a
// thread); when they all store the same value it is one access (a broadcast
// store, as cooperative groups' reduce does).
// RUN: not %warplint run --no-cuda-sdk %s --kernel same_ticket --grid 1 --block 2 --buffer next=1 --buffer slots=4 > %t.zero
// RUN: FileCheck %s --check-prefix=ZERO < %t.zero
// RUN: not %warplint run --no-cuda-sdk %s --kernel ticket_by_parity --grid 1 --block 2 --buffer next=1 --buffer slots=4 > %t.parity
// RUN: FileCheck %s --check-prefix=PARITY < %t.parity
// RUN: not %warplint run --no-cuda-sdk %s --kernel shared_word --grid 1 --block 32 --buffer out=32 > %t.shared
// RUN: FileCheck %s --check-prefix=SHARED < %t.shared
// RUN: %warplint run --no-cuda-sdk %s --kernel shared_pointer --grid 1 --block 64 --buffer out=64 > %t.ptr
// RUN: FileCheck %s --check-prefix=PTR < %t.ptr
// RUN: %warplint check --no-cuda-sdk --confirm %s --kernel shared_pointer --grid 1 --block 64 --buffer out=64 2>&1 | FileCheck %s --check-prefix=PTRCHECK
// RUN: %warplint run --no-cuda-sdk %s --kernel distinct_tickets --grid 1 --block 32 --buffer next=1 --buffer slots=32 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel broadcast_store --grid 1 --block 32 --buffer out=1 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel shared_broadcast --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN

// Adding 0 hands every lane the same ticket: both store their index to it.
__global__ void same_ticket(unsigned *next, int *slots) {
  unsigned slot = atomicAdd(next, 0u);
  slots[slot] = threadIdx.x;
}
// ZERO: one-instruction.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset 0 of buffer 'slots' in block (0,0,0): thread 1 writes at {{.*}}one-instruction.cu:[[@LINE-2]], thread 0 wrote at {{.*}}one-instruction.cu:[[@LINE-2]], lanes of one warp that store different values to it in one instruction (which lane's value the word keeps is undefined) [global-race]
// ZERO-NOT: benign

// Even lanes add 0, odd lanes 1: lane 1 gets the ticket lane 0 got when
// lane 0's atomic comes first (on a GPU, lane order is not promised either).
__global__ void ticket_by_parity(unsigned *next, int *slots) {
  unsigned slot = atomicAdd(next, threadIdx.x % 2);
  slots[slot] = 100 + threadIdx.x;
}
// PARITY: one-instruction.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset 0 of buffer 'slots' {{.*}}lanes of one warp that store different values to it in one instruction {{.*}}[global-race]

// Every lane stores its index to one shared word.
__global__ void shared_word(int *out) {
  __shared__ int last;
  last = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = last;
}
// SHARED: one-instruction.cu:[[@LINE-4]]:{{[0-9]+}}: error: shared-memory race on byte offset 0 in block (0,0,0): thread 1 writes at {{.*}}one-instruction.cu:[[@LINE-4]], thread 0 wrote at {{.*}}one-instruction.cu:[[@LINE-4]], lanes of one warp that store different values to it in one instruction {{.*}}[shared-race]

// Every thread of two warps points one __shared__ pointer at the same array:
// a race between the warps, but of one value (a note; exit 0; check does not
// report it).
__global__ void shared_pointer(int *out) {
  __shared__ int tile[64];
  __shared__ int *mine;
  mine = tile;
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.x] = mine[63 - threadIdx.x];
}
// PTR: one-instruction.cu:[[@LINE-5]]:{{[0-9]+}}: note: shared-memory race on byte offset {{[0-9]+}} in block (0,0,0): thread 32 writes at {{.*}}one-instruction.cu:[[@LINE-5]], thread 31 wrote at {{.*}}one-instruction.cu:[[@LINE-5]], with no barrier between; both store the same value, so the result does not depend on their order (a benign race) [shared-race]
// PTR-NOT: error
// PTRCHECK-NOT: shared-race
// PTRCHECK-NOT: error:

// Negative: adding 1 gives each lane its own slot.
__global__ void distinct_tickets(unsigned *next, int *slots) {
  unsigned slot = atomicAdd(next, 1u);
  slots[slot] = threadIdx.x;
}

// Negative: one warp stores one value to one word.
__global__ void broadcast_store(int *out) {
  out[0] = 42;
}

// Negative: the same into shared memory, then read after the barrier.
__global__ void shared_broadcast(int *out) {
  __shared__ int flag;
  flag = 1;
  __syncthreads();
  out[threadIdx.x] = flag;
}
// CLEAN-NOT: memory race
// CLEAN-NOT: error
// CLEAN: sites:

// check --confirm says how to fix it.
// RUN: not %warplint check --no-cuda-sdk --confirm %s --kernel shared_word --grid 1 --block 32 --buffer out=32 2>&1 | FileCheck %s --check-prefix=CONFIRM
// CONFIRM: one-instruction.cu:{{[0-9]+}}:{{[0-9]+}}: error: kernel 'shared_word': shared-memory race on byte offset 0 ('last') {{.*}}in one instruction {{.*}}; give each thread its own shared element, let one lane store (if (lane == 0)), or combine the values with an atomic [shared-race]
