// Shared accesses whose lanes share 32-bit words, measured on an H200 with
// Nsight Compute: 1- and 2-byte accesses (lanes in one word are served
// together) and a 16x16 block reading sA[threadIdx.y][k] (two rows per warp,
// a broadcast within each half, in different banks) all cost 1 wavefront per
// request. The device model and the static analysis must both say so: they
// take the cost from the same code (analyzer/arch/MemoryCost).
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s --check-prefix=STATIC
// RUN: %warplint run --no-cuda-sdk %s --kernel s_char --grid 4 --block 256 | FileCheck %s --check-prefix=CHAR
// RUN: %warplint run --no-cuda-sdk %s --kernel s_short --grid 4 --block 256 | FileCheck %s --check-prefix=SHORT
// RUN: %warplint run --no-cuda-sdk %s --kernel row_broadcast --grid 4 --block 16,16 | FileCheck %s --check-prefix=ROWS

// warplint: launch grid(4) block(256)
__global__ void s_char(char *out) {
  __shared__ char s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x ^ 1];
}
// STATIC-LABEL: kernel s_char
// STATIC: shared-subword.cu:15:18 shared st 1B conflict-free stride 1B wavefronts_per_request=1.00 ideal 1.00
// STATIC: shared-subword.cu:17:41 shared ld 1B conflict-free wavefronts_per_request=1.00 ideal 1.00
// CHAR: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum 0
// CHAR: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum 0
// CHAR: shared-subword.cu:15:18 shared st 1B: 32 requests, 1.00 wavefronts/request
// CHAR: shared-subword.cu:17:41 shared ld 1B: 32 requests, 1.00 wavefronts/request

// warplint: launch grid(4) block(256)
__global__ void s_short(short *out) {
  __shared__ short s[256];
  s[threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[blockIdx.x * 256 + threadIdx.x] = s[threadIdx.x ^ 1];
}
// STATIC-LABEL: kernel s_short
// STATIC: shared-subword.cu:30:18 shared st 2B conflict-free stride 2B wavefronts_per_request=1.00 ideal 1.00
// STATIC: shared-subword.cu:32:41 shared ld 2B conflict-free wavefronts_per_request=1.00 ideal 1.00
// SHORT: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum 0
// SHORT: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum 0
// SHORT: shared-subword.cu:30:18 shared st 2B: 32 requests, 1.00 wavefronts/request
// SHORT: shared-subword.cu:32:41 shared ld 2B: 32 requests, 1.00 wavefronts/request

// warplint: launch grid(4) block(16,16)
__global__ void row_broadcast(const float *a, float *out) {
  __shared__ float sA[16][16];
  sA[threadIdx.y][threadIdx.x] = a[threadIdx.y * 16 + threadIdx.x];
  __syncthreads();
  float sum = 0;
  for (int k = 0; k < 16; ++k)
    sum += sA[threadIdx.y][k];
  out[(blockIdx.x * 16 + threadIdx.y) * 16 + threadIdx.x] = sum;
}
// STATIC-LABEL: kernel row_broadcast
// STATIC: shared-subword.cu:49:12 shared ld 4B conflict-free wavefronts_per_request=1.00 ideal 1.00 [16 IR sites]
// ROWS: l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum 0
// ROWS: shared-subword.cu:49:12 shared ld 4B: 512 requests, 1.00 wavefronts/request
