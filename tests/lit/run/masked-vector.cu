// A float4 of which only .x, .y and .z are used: LLVM's load-store
// vectorizer reads it with a masked load whose constant mask leaves .w out,
// which NVPTX lowers to one 16-byte vector load, as nvcc's ld.v4.f32. Both
// the access analysis and the device model see that load (it was missing
// from `accesses` and stopped `run` with "call to unknown function
// llvm.masked.load").
//
// 64 threads, one float4 each (16 B): 2 warp requests of 16 sectors
// (32 lanes x 16 B = 512 B). The sum x + y + z of element i, filled
// 0, 1, 2, ... by component (iota), is 12i + 3.
// RUN: %warplint accesses --no-cuda-sdk %s --grid 1 --block 64 | FileCheck --check-prefix=ACC %s
// ACC: masked-vector.cu:[[@LINE+16]]:14 global ld 16B coalesced stride 16B sectors_per_request=16.00
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 64 --buffer in=64:iota --buffer out=64 > %t 2>&1; echo "exit=$?" >> %t
// RUN: FileCheck --check-prefix=DM %s < %t
// DM-DAG: sum 0 3
// DM-DAG: sum 1 15
// DM-DAG: sum 63 759
// DM-DAG: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 2{{$}}
// DM-DAG: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 32{{$}}
// DM-NOT: cannot run
// RUN: FileCheck --check-prefix=EXIT %s < %t
// EXIT: exit=0
#include <cuda_runtime.h>
#include <cstdio>

__global__ void xyz(const float4 *in, float *out) {
  int i = threadIdx.x;
  float4 v = in[i];
  float s = v.x + v.y + v.z;
  out[i] = s;
  if (i < 2 || i == 63)
    printf("sum %d %g\n", i, s);
}
