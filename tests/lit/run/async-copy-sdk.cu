// The toolkit's asynchronous copies, run by the device model: each cp.async
// the headers write as inline asm (__pipeline_memcpy_async, cuda::memcpy_async
// with a cuda::pipeline, cooperative_groups::memcpy_async) is a global load
// and a shared store that complete when issued; the commits and waits do
// nothing more. The values are what the copies put in shared memory.
// cuda::memcpy_async with a cuda::barrier waits on an mbarrier, which the
// device model does not run: it stops there and says so.
// REQUIRES: cuda-sdk
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel primitives --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=PRIM
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel pipelined --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=PIPE
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel groupCopy --grid 1 --block 64 --buffer g=256:iota --buffer out=64 2>&1 | FileCheck %s --check-prefix=CG
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel withBarrier --grid 1 --block 64 --buffer g=256:iota --buffer out=64 > %t.bar 2>&1; echo "exit=$?" >> %t.bar
// RUN: FileCheck %s --check-prefix=BAR < %t.bar
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda_pipeline_primitives.h>
#include <cstdio>

__global__ void primitives(const float *g, float *out) {
  __shared__ alignas(16) float s[256];
  int t = threadIdx.x;
  // 16 bytes per thread, and 16 with only the first 8 read (zfill).
  __pipeline_memcpy_async(s + 4 * t, g + 4 * t, 16, t == 1 ? 8 : 0);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __syncthreads();
  out[t] = s[255 - t];
  if (t < 2)
    printf("prim t%d: %g %g %g %g\n", t, s[4 * t], s[4 * t + 1], s[4 * t + 2], s[4 * t + 3]);
}

__global__ void pipelined(const float *g, float *out) {
  __shared__ alignas(16) float s[64];
  int t = threadIdx.x;
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  pipe.producer_acquire();
  cuda::memcpy_async(s + t, g + 2 * t, sizeof(float), pipe);
  pipe.producer_commit();
  pipe.consumer_wait();
  pipe.consumer_release();
  __syncthreads();
  out[t] = s[63 - t];
  if (t == 0)
    printf("pipe: %g %g %g\n", s[0], s[1], s[63]);
}

__global__ void groupCopy(const float *g, float *out) {
  __shared__ alignas(16) float s[256];
  auto block = cooperative_groups::this_thread_block();
  cooperative_groups::memcpy_async(block, s, g, sizeof(s));
  cooperative_groups::wait(block);
  out[threadIdx.x] = s[255 - threadIdx.x];
  if (threadIdx.x == 0)
    printf("cg: %g %g %g\n", s[0], s[128], s[255]);
}

__global__ void withBarrier(const float *g, float *out) {
  __shared__ alignas(16) float s[64];
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  if (threadIdx.x == 0)
    init(&bar, blockDim.x);
  __syncthreads();
  cuda::memcpy_async(s + threadIdx.x, g + threadIdx.x, sizeof(float), bar);
  bar.arrive_and_wait();
  out[threadIdx.x] = s[63 - threadIdx.x];
}

// PRIM-DAG: prim t0: 0 1 2 3
// PRIM-DAG: prim t1: 4 5 0 0
// Two warps of 16-byte copies (16 sectors each) and thread 1's 8-byte read
// (its own instruction, the toolkit's switch on zfill: 1 sector).
// PRIM-DAG: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 3
// PRIM-DAG: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 33
// PRIM-NOT: cannot run
// PIPE-DAG: pipe: 0 2 126
// PIPE-NOT: cannot run
// CG-DAG: cg: 0 128 255
// CG-NOT: cannot run
// BAR: cannot run: {{.*}}mbarrier
// BAR: exit=2
