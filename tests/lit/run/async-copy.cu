// cp.async through the prelude's <cuda_pipeline_primitives.h>: accesses lists
// each __pipeline_memcpy_async as a global load and a shared store of the
// copy's size (as for a cp.async in PTX), and run copies the bytes when the
// copy is issued (the zfill form writes zeros after the bytes it reads).
// check reports a strided copy as it reports a strided load.
// RUN: %warplint accesses --no-cuda-sdk %s --grid 1 --block 64 2>&1 | FileCheck %s --check-prefix=ACC
// RUN: not %warplint check --no-cuda-sdk %s --block 64 2>&1 | FileCheck %s --check-prefix=CHK
// RUN: %warplint run --no-cuda-sdk %s --kernel copy16 --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=C16
// RUN: %warplint run --no-cuda-sdk %s --kernel copyStrided --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=STR
// RUN: %warplint run --no-cuda-sdk %s --kernel zeroFill --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=ZF
#include <cuda_pipeline_primitives.h>
#include <cstdio>

__global__ void copy16(const float *g, float *out) {
  __shared__ alignas(16) float s[256];
  int t = threadIdx.x;
  __pipeline_memcpy_async(s + 4 * t, g + 4 * t, 16);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = s[4 * (63 - t)] + s[4 * t + 1];
  if (t == 1)
    printf("copy16 t1: %g %g %g %g\n", s[4], s[5], s[6], s[7]);
}

__global__ void copyStrided(const float *g, float *out) {
  __shared__ float s[64];
  int t = threadIdx.x;
  __pipeline_memcpy_async(s + t, g + 4 * t, 4);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = s[63 - t];
  if (t == 0)
    printf("strided: %g %g %g\n", s[0], s[1], s[63]);
}

__global__ void zeroFill(const float *g, float *out) {
  __shared__ alignas(16) float s[256];
  int t = threadIdx.x;
  __pipeline_memcpy_async(s + 4 * t, g + 4 * t, 16, 8);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = s[4 * t];
  if (t == 2)
    printf("zfill t2: %g %g %g %g\n", s[8], s[9], s[10], s[11]);
}

// ACC-LABEL: kernel copy16
// ACC-DAG: async-copy.cu:17:3 global ld 16B coalesced stride 16B sectors_per_request=16.00 ideal 16.00
// ACC-DAG: async-copy.cu:17:3 shared st 16B {{.*}}wavefronts_per_request=4.00 ideal 4.00
// ACC-LABEL: kernel copyStrided
// ACC-DAG: async-copy.cu:29:3 global ld 4B strided stride 16B sectors_per_request=16.00 ideal 4.00
// ACC-DAG: async-copy.cu:29:3 shared st 4B {{.*}}wavefronts_per_request=1.00 ideal 1.00
// ACC-LABEL: kernel zeroFill
// ACC-DAG: async-copy.cu:41:3 global ld 8B
// ACC-DAG: async-copy.cu:41:3 shared st 16B

// CHK: async-copy.cu:29:3: warning: kernel 'copyStrided': 16 sectors per request where 4 would do: adjacent threads are 16 bytes apart {{.*}}[global-uncoalesced]

// Two warps of 16-byte copies: 2 requests of 16 sectors, 4 wavefronts each.
// C16-DAG: copy16 t1: 4 5 6 7
// C16-DAG: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 2
// C16-DAG: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 32
// C16-DAG: l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum 8
// C16-NOT: cannot run
// STR-DAG: strided: 0 4 252
// STR-DAG: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 32
// STR-NOT: cannot run
// ZF-DAG: zfill t2: 8 9 0 0
// ZF-NOT: cannot run
