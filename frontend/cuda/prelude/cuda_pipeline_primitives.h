// warplint prelude stand-in for <cuda_pipeline_primitives.h>: the asynchronous
// copy primitives, written as the toolkit writes them (one cp.async per copy,
// cp.async.commit_group, cp.async.wait_group N), which warplint lowers to a
// global load and a shared store (frontend/asm/AsyncCopyAsm.h).
// __pipeline_arrive_on (an mbarrier) is not declared.
#ifndef __WARPLINT_CUDA_PIPELINE_PRIMITIVES_H
#define __WARPLINT_CUDA_PIPELINE_PRIMITIVES_H
#include "__warplint_prelude.h"

template <unsigned __Size, unsigned __Src>
static __device__ __forceinline__ void __warplint_cp_async(void *__dst, const void *__src) {
  unsigned __d = (unsigned)(size_t)(void __attribute__((address_space(3))) *)__dst;
  if (__Size == 16)
    asm volatile("cp.async.cg.shared.global [%0], [%1], %2, %3;" ::"r"(__d), "l"(__src),
                 "n"(__Size), "n"(__Src)
                 : "memory");
  else
    asm volatile("cp.async.ca.shared.global [%0], [%1], %2, %3;" ::"r"(__d), "l"(__src),
                 "n"(__Size), "n"(__Src)
                 : "memory");
}

#define __WARPLINT_CP_ASYNC_CASE(S, Z)                                                       \
  case Z:                                                                                  \
    __warplint_cp_async<S, S - Z>(dst_shared, src_global);                                \
    return;

/// Copies size_and_align (4, 8 or 16) bytes from global to shared memory,
/// the last zfill of them zeros.
static __device__ __forceinline__ void __pipeline_memcpy_async(void *__restrict__ dst_shared,
                                                               const void *__restrict__ src_global,
                                                               size_t size_and_align,
                                                               size_t zfill = 0) {
  switch (size_and_align) {
  case 16:
    switch (zfill) {
      __WARPLINT_CP_ASYNC_CASE(16, 0) __WARPLINT_CP_ASYNC_CASE(16, 1)
      __WARPLINT_CP_ASYNC_CASE(16, 2) __WARPLINT_CP_ASYNC_CASE(16, 3)
      __WARPLINT_CP_ASYNC_CASE(16, 4) __WARPLINT_CP_ASYNC_CASE(16, 5)
      __WARPLINT_CP_ASYNC_CASE(16, 6) __WARPLINT_CP_ASYNC_CASE(16, 7)
      __WARPLINT_CP_ASYNC_CASE(16, 8) __WARPLINT_CP_ASYNC_CASE(16, 9)
      __WARPLINT_CP_ASYNC_CASE(16, 10) __WARPLINT_CP_ASYNC_CASE(16, 11)
      __WARPLINT_CP_ASYNC_CASE(16, 12) __WARPLINT_CP_ASYNC_CASE(16, 13)
      __WARPLINT_CP_ASYNC_CASE(16, 14) __WARPLINT_CP_ASYNC_CASE(16, 15)
      __WARPLINT_CP_ASYNC_CASE(16, 16)
    }
    break;
  case 8:
    switch (zfill) {
      __WARPLINT_CP_ASYNC_CASE(8, 0) __WARPLINT_CP_ASYNC_CASE(8, 1)
      __WARPLINT_CP_ASYNC_CASE(8, 2) __WARPLINT_CP_ASYNC_CASE(8, 3)
      __WARPLINT_CP_ASYNC_CASE(8, 4) __WARPLINT_CP_ASYNC_CASE(8, 5)
      __WARPLINT_CP_ASYNC_CASE(8, 6) __WARPLINT_CP_ASYNC_CASE(8, 7)
      __WARPLINT_CP_ASYNC_CASE(8, 8)
    }
    break;
  case 4:
    switch (zfill) {
      __WARPLINT_CP_ASYNC_CASE(4, 0) __WARPLINT_CP_ASYNC_CASE(4, 1)
      __WARPLINT_CP_ASYNC_CASE(4, 2) __WARPLINT_CP_ASYNC_CASE(4, 3)
      __WARPLINT_CP_ASYNC_CASE(4, 4)
    }
    break;
  }
  __builtin_trap(); // Not a size cp.async copies.
}
#undef __WARPLINT_CP_ASYNC_CASE

/// Ends the batch of copies issued since the last commit.
static __device__ __forceinline__ void __pipeline_commit() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}

/// Waits until at most prior batches are in flight (8 or more: 8).
static __device__ __forceinline__ void __pipeline_wait_prior(size_t prior) {
  switch (prior) {
  case 0: asm volatile("cp.async.wait_group 0;" ::: "memory"); return;
  case 1: asm volatile("cp.async.wait_group 1;" ::: "memory"); return;
  case 2: asm volatile("cp.async.wait_group 2;" ::: "memory"); return;
  case 3: asm volatile("cp.async.wait_group 3;" ::: "memory"); return;
  case 4: asm volatile("cp.async.wait_group 4;" ::: "memory"); return;
  case 5: asm volatile("cp.async.wait_group 5;" ::: "memory"); return;
  case 6: asm volatile("cp.async.wait_group 6;" ::: "memory"); return;
  case 7: asm volatile("cp.async.wait_group 7;" ::: "memory"); return;
  default: asm volatile("cp.async.wait_group 8;" ::: "memory"); return;
  }
}
#endif
