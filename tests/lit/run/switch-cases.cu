// Two cases of a switch that lead to one block are one path: LLVM folds
// `t == 1 || t == 8` into a switch with both cases branching to the store,
// and the lanes of both cases store together, in one request of 3 sectors, as the GPU
// runs them (the device model split them by case: 3 requests of 1 lane).
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=128 2>&1 | FileCheck %s
// CHECK-DAG: l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 1{{$}}
// CHECK-DAG: l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum 3{{$}}

__global__ void pick(int *out) {
  int t = threadIdx.x;
  if (t == 1 || t == 8 || t == 20)
    out[t * 4] = t;
}
