// nvcc's built-in atomic functions with an order and a scope (CUDA 12.x:
// __nv_atomic_load_n, __nv_atomic_fetch_add, ...) and their __NV_ATOMIC_* /
// __NV_THREAD_SCOPE_* constants, which Clang does not know: HeCBench's
// lebesgue and hausdorff spin on them. Before, the file stopped at "use of
// undeclared identifier '__NV_ATOMIC_RELAXED'" and its kernel was not
// analyzed; now each is Clang's __atomic builtin of the same order, with or
// without a toolkit's headers, and its accesses are the kernel's.
// RUN: %warplint accesses --no-cuda-sdk %s 2>&1 | FileCheck %s
// RUN: %warplint run --no-cuda-sdk --kernel spin --grid 1 --block 32 --buffer flag=64:const:3 --buffer out=32 --buffer sum=1 %s 2>&1 | FileCheck --check-prefix=DM %s
// CHECK: kernel spin
// CHECK-NEXT: nvcc-atomics.cu:[[@LINE+15]]:{{[0-9]+}} global ld 4B coalesced
// CHECK-NEXT: nvcc-atomics.cu:[[@LINE+15]]:{{[0-9]+}} global st 4B coalesced
// CHECK-NEXT: nvcc-atomics.cu:[[@LINE+15]]:{{[0-9]+}} global atom 8B broadcast
// CHECK-NEXT: nvcc-atomics.cu:[[@LINE+15]]:{{[0-9]+}} global atom 4B
// CHECK-NOT: error
// RUN: %if cuda-sdk %{ %warplint accesses %s 2>&1 | FileCheck %s %}
// The device model runs them: one load, one store, one compare-and-swap and
// one reduction (the fetch_add whose result is unused) per warp.
// DM-NOT: error
// DM: l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum 1
// DM: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 1
// DM: l1tex__t_requests_pipe_lsu_mem_global_op_red.sum 1
// DM: l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 1
__global__ void spin(int *flag, int *out, unsigned long long *sum) {
  int expected = 0;
  int v = __nv_atomic_load_n(flag + threadIdx.x, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_store_n(out + threadIdx.x, v + 1, __NV_ATOMIC_RELEASE, __NV_THREAD_SCOPE_SYSTEM);
  __nv_atomic_fetch_add(sum, (unsigned long long)v, __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_DEVICE);
  __nv_atomic_compare_exchange_n(flag + 32 + threadIdx.x, &expected, v, false, __NV_ATOMIC_ACQ_REL,
                                 __NV_ATOMIC_RELAXED, __NV_THREAD_SCOPE_BLOCK);
}
