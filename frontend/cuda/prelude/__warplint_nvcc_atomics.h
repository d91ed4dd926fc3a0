// warplint: nvcc's built-in atomic functions (__nv_atomic_load_n,
// __nv_atomic_fetch_add, ... with an order and a scope: CUDA 12.x), which
// nvcc's front end knows and Clang does not, and the __NV_ATOMIC_* and
// __NV_THREAD_SCOPE_* constants its crt/device_functions.h declares only for
// nvcc. Each becomes Clang's __atomic builtin of the same order (the orders
// are numbered as __ATOMIC_RELAXED ... __ATOMIC_SEQ_CST are); the scope is
// read and dropped, so every one is system-scoped, the strongest (its
// accesses and their cost are the same). Like nvcc, a pointer to const is
// refused. Included by the prelude and, with a toolkit, by
// __warplint_sdk_supplement.h.
#ifndef __WARPLINT_NVCC_ATOMICS_H
#define __WARPLINT_NVCC_ATOMICS_H

enum {
  __NV_ATOMIC_RELAXED,
  __NV_ATOMIC_CONSUME,
  __NV_ATOMIC_ACQUIRE,
  __NV_ATOMIC_RELEASE,
  __NV_ATOMIC_ACQ_REL,
  __NV_ATOMIC_SEQ_CST
};

enum {
  __NV_THREAD_SCOPE_THREAD,
  __NV_THREAD_SCOPE_BLOCK,
  __NV_THREAD_SCOPE_CLUSTER,
  __NV_THREAD_SCOPE_DEVICE,
  __NV_THREAD_SCOPE_SYSTEM
};

#define __WL_NV_ATOMIC template <class T> static __device__ __forceinline__

__WL_NV_ATOMIC T __nv_atomic_load_n(T *p, int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_load_n(p, order);
}
__WL_NV_ATOMIC void __nv_atomic_load(T *p, T *ret, int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_load(p, ret, order);
}
__WL_NV_ATOMIC void __nv_atomic_store_n(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_store_n(p, v, order);
}
__WL_NV_ATOMIC void __nv_atomic_store(T *p, T *v, int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_store(p, v, order);
}
__WL_NV_ATOMIC T __nv_atomic_exchange_n(T *p, T v, int order, int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_exchange_n(p, v, order);
}
__WL_NV_ATOMIC void __nv_atomic_exchange(T *p, T *v, T *ret, int order,
                                         int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_exchange(p, v, ret, order);
}
__WL_NV_ATOMIC bool __nv_atomic_compare_exchange_n(T *p, T *expected, T desired, bool weak,
                                                   int success, int failure,
                                                   int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_compare_exchange_n(p, expected, desired, weak, success, failure);
}
__WL_NV_ATOMIC bool __nv_atomic_compare_exchange(T *p, T *expected, T *desired, bool weak,
                                                 int success, int failure,
                                                 int = __NV_THREAD_SCOPE_SYSTEM) {
  return __atomic_compare_exchange(p, expected, desired, weak, success, failure);
}
#define __WL_NV_FETCH(OP)                                                                \
  __WL_NV_ATOMIC T __nv_atomic_fetch_##OP(T *p, T v, int order,                          \
                                          int = __NV_THREAD_SCOPE_SYSTEM) {              \
    return __atomic_fetch_##OP(p, v, order);                                             \
  }
__WL_NV_FETCH(add)
__WL_NV_FETCH(sub)
__WL_NV_FETCH(min)
__WL_NV_FETCH(max)
__WL_NV_FETCH(and)
__WL_NV_FETCH(or)
__WL_NV_FETCH(xor)
#undef __WL_NV_FETCH
#undef __WL_NV_ATOMIC

static __device__ __forceinline__ void __nv_atomic_thread_fence(int order,
                                                                int = __NV_THREAD_SCOPE_SYSTEM) {
  __atomic_thread_fence(order);
}

#endif
