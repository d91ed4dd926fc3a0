// Shared-memory atomics as Nsight Compute counts them on an H100 (measured:
// tests/hardware/atomics.cu). All are ATOMS instructions, counted under
// op_atom: there is no shared RED, so an atomic whose result is unused is
// op_atom too (global atomics with an unused result stay `red`). An
// atomicAdd of 1 whose result is unused (ATOMS.POPC.INC) costs each bank one
// wavefront per distinct word, whatever order the lanes come in; any other
// (here: the old value used) one per lane, lanes on one word too.
// RUN: %warplint run %s --kernel hist256 --grid 4 --block 256 --buffer data=1024:iota --buffer bins=1024 | FileCheck %s --check-prefix=HASH --implicit-check-not=shared_op_red
// RUN: %warplint run %s --kernel hist64 --grid 4 --block 256 --buffer data=1024:iota --buffer bins=64 | FileCheck %s --check-prefix=SPREAD --implicit-check-not=shared_op_red
// RUN: %warplint run %s --kernel hist64 --grid 4 --block 256 --buffer data=1024:const:5 --buffer bins=64 | FileCheck %s --check-prefix=SAME
// RUN: %warplint run %s --kernel ticket --grid 4 --block 256 --buffer data=1024:iota --buffer out=1024 --format=json | FileCheck %s --check-prefix=USED

__device__ unsigned mix(unsigned h) {
  h ^= h >> 16;
  h *= 0x85ebca6bu;
  h ^= h >> 13;
  h *= 0xc2b2ae35u;
  return h ^ (h >> 16);
}

// Bins from a hash of 0..1023: each warp's 32 lanes hit 256 words in no
// order, many of them twice. Counted by hand (a set of words per bank, per
// warp): 104 wavefronts over 32 requests; counting lanes per bank instead of
// distinct words would give 114.
__global__ void hist256(const unsigned *data, unsigned *bins) {
  __shared__ unsigned s[256];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = 0;
  __syncthreads();
  atomicAdd(&s[mix(data[i]) & 255], 1u);
  __syncthreads();
  bins[i] = s[t];
}

// HASH: kernel hist256 grid (4,1,1) block (256,1,1): 4 of 4 blocks
// HASH: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum 72
// HASH: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum 104
// HASH: smsp__inst_executed_op_shared_atom.sum 32
// HASH: shared-atomics.cu:[[@LINE-9]]:3 shared atom 4B: 32 requests, 3.25 wavefronts/request

// Bins (40 * d) % 64 for d = 0, 1, 2, ...: lanes visit words 0 40 16 56 32 8
// 48 24 and again, so banks 0, 8, 16 and 24 each hold two distinct words
// (w and w + 32), reached by eight lanes each: 2 wavefronts a request. A
// const fill puts every lane on one word: 1.
__global__ void hist64(const unsigned *data, unsigned *bins) {
  __shared__ unsigned s[64];
  int t = threadIdx.x;
  if (t < 64)
    s[t] = 0;
  __syncthreads();
  atomicAdd(&s[(data[blockIdx.x * blockDim.x + t] * 40) % 64], 1u);
  __syncthreads();
  if (t < 64)
    atomicAdd(&bins[t], s[t]);
}

// SPREAD: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum 32
// SPREAD: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum 64
// SPREAD: l1tex__t_requests_pipe_lsu_mem_global_op_red.sum 8
// SPREAD: smsp__inst_executed_op_shared_atom.sum 32
// SPREAD: shared-atomics.cu:[[@LINE-10]]:3 shared atom 4B: 32 requests, 2.00 wavefronts/request

// SAME: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_atom.sum 0
// SAME: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum 32
// SAME: shared-atomics.cu:[[@LINE-14]]:3 shared atom 4B: 32 requests, 1.00 wavefronts/request

// The same bins with the old values used: also op_atom, but each lane is an
// update of its own: banks 0, 8, 16 and 24 serve eight lanes each, 8
// wavefronts a request.
__global__ void ticket(const unsigned *data, unsigned *out) {
  __shared__ unsigned s[64];
  int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (t < 64)
    s[t] = 0;
  __syncthreads();
  out[i] = atomicAdd(&s[(data[i] * 40) % 64], 1u);
}

// USED: "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_atom.sum": 256,
// USED: "smsp__inst_executed_op_shared_atom.sum": 32,
// USED: "op": "atom",
// USED-NEXT: "space": "shared"
