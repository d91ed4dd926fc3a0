// RUN: %warplint run %s --kernel copy --grid 8 --block 128 --buffer in=1024:iota --buffer out=1024 | FileCheck %s --check-prefix=TEXT
// RUN: %warplint run %s --kernel copy --grid 8 --block 128 --buffer in=1024 --buffer out=1024 --format=json | FileCheck %s --check-prefix=JSON
// RUN: %warplint run %s --kernel copy --grid 8 --block 128 --blocks=2 | FileCheck %s --check-prefix=SAMPLED
// RUN: %warplint run %s --launch-file %S/Inputs/two.launch.json | FileCheck %s --check-prefix=LAUNCH

__global__ void copy(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}

__global__ void transpose(float *out) {
  __shared__ float tile[32][32];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  out[threadIdx.y * 32 + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
}

// TEXT: kernel copy grid (8,1,1) block (128,1,1): 8 of 8 blocks
// TEXT: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 32
// TEXT: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 128
// TEXT: counters.cu:8:10 global st 4B: 32 requests, 4.00 sectors/request
// TEXT: counters.cu:8:12 global ld 4B: 32 requests, 4.00 sectors/request

// JSON: "kernels": [
// JSON: "blocks_run": 8,
// JSON: "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum": 128,
// JSON: "name": "copy",
// JSON: "sampled": false,
// JSON: "sites": [
// JSON: "column": 10,
// JSON: "line": 8,
// JSON: "op": "st",
// JSON: "space": "global"

// SAMPLED: kernel copy grid (8,1,1) block (128,1,1): 2 of 8 blocks (sampled; counters scaled to the grid)
// SAMPLED: note: buffer 'in': 2048 x float (2 per thread of the launch
// SAMPLED: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 32

// LAUNCH: kernel copy grid (4,1,1) block (64,1,1): 4 of 4 blocks
// LAUNCH: kernel transpose grid (1,1,1) block (32,32,1): 1 of 1 blocks
// LAUNCH: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum 1024
