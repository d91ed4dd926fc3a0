// warplint prelude: device intrinsics (barriers, fences, atomics, warp
// shuffles and votes, read-only loads, integer and math functions).
#ifndef __WARPLINT_DEVICE_FUNCTIONS_H
#define __WARPLINT_DEVICE_FUNCTIONS_H

#define __WL_DEV static __device__ __forceinline__

// ---- barriers and fences (__syncthreads itself is a Clang builtin) --------
__WL_DEV int __syncthreads_count(int p) { return __nvvm_bar0_popc(p); }
__WL_DEV int __syncthreads_and(int p) { return __nvvm_bar0_and(p); }
__WL_DEV int __syncthreads_or(int p) { return __nvvm_bar0_or(p); }
__WL_DEV void __syncwarp(unsigned int mask = 0xffffffffu) { __nvvm_bar_warp_sync(mask); }
__WL_DEV void __threadfence(void) { __nvvm_membar_gl(); }
__WL_DEV void __threadfence_block(void) { __nvvm_membar_cta(); }
__WL_DEV void __threadfence_system(void) { __nvvm_membar_sys(); }
__WL_DEV void __trap(void) { __builtin_trap(); }

// ---- address spaces (sm_20_intrinsics.h): the casts Clang lowers cvta to --
#define __WL_CVTA(Space, AS)                                                    \
  __WL_DEV size_t __cvta_generic_to_##Space(const void *p) {                    \
    return (size_t)(void __attribute__((address_space(AS))) *)p; }             \
  __WL_DEV void *__cvta_##Space##_to_generic(size_t a) {                        \
    return (void *)(void __attribute__((address_space(AS))) *)a; }
__WL_CVTA(global, 1) __WL_CVTA(shared, 3) __WL_CVTA(constant, 4) __WL_CVTA(local, 5)
#undef __WL_CVTA

// ---- atomics: relaxed device-scope read-modify-writes ----------------------
#define __WL_ATOMIC(Name, Builtin, T)                                          \
  __WL_DEV T Name(T *p, T v) { return Builtin(p, v, __ATOMIC_RELAXED); }
#define __WL_ATOMIC_INT(Name, Builtin)                                         \
  __WL_ATOMIC(Name, Builtin, int) __WL_ATOMIC(Name, Builtin, unsigned int)      \
  __WL_ATOMIC(Name, Builtin, unsigned long long) __WL_ATOMIC(Name, Builtin, long long)
__WL_ATOMIC_INT(atomicAdd, __atomic_fetch_add)
__WL_ATOMIC(atomicAdd, __atomic_fetch_add, float)
__WL_ATOMIC(atomicAdd, __atomic_fetch_add, double)
__WL_ATOMIC_INT(atomicSub, __atomic_fetch_sub)
__WL_ATOMIC_INT(atomicAnd, __atomic_fetch_and)
__WL_ATOMIC_INT(atomicOr, __atomic_fetch_or)
__WL_ATOMIC_INT(atomicXor, __atomic_fetch_xor)
__WL_ATOMIC_INT(atomicMin, __atomic_fetch_min)
__WL_ATOMIC_INT(atomicMax, __atomic_fetch_max)
__WL_ATOMIC_INT(atomicExch, __atomic_exchange_n)
__WL_DEV float atomicExch(float *p, float v) {
  return __builtin_bit_cast(float, atomicExch((unsigned *)p, __builtin_bit_cast(unsigned, v))); }
#define __WL_ATOMIC_CAS(T)                                                     \
  __WL_DEV T atomicCAS(T *p, T expected, T desired) {                          \
    __atomic_compare_exchange_n(p, &expected, desired, false, __ATOMIC_RELAXED,\
                                __ATOMIC_RELAXED);                             \
    return expected; }
__WL_ATOMIC_CAS(int)
__WL_ATOMIC_CAS(unsigned int)
__WL_ATOMIC_CAS(unsigned long long)
__WL_ATOMIC_CAS(unsigned short)
__WL_DEV unsigned int atomicInc(unsigned int *p, unsigned int v) {
  return __nvvm_atom_inc_gen_ui(p, v); }
__WL_DEV unsigned int atomicDec(unsigned int *p, unsigned int v) {
  return __nvvm_atom_dec_gen_ui(p, v); }
#define __WL_ATOMIC_SCOPED(Name) \
  template <class T, class U>                                                  \
  __WL_DEV auto Name##_block(T *p, U v) -> decltype(Name(p, (T)v)) { return Name(p, (T)v); } \
  template <class T, class U>                                                  \
  __WL_DEV auto Name##_system(T *p, U v) -> decltype(Name(p, (T)v)) { return Name(p, (T)v); }
__WL_ATOMIC_SCOPED(atomicAdd)
__WL_ATOMIC_SCOPED(atomicSub)
__WL_ATOMIC_SCOPED(atomicMax)
__WL_ATOMIC_SCOPED(atomicMin)
__WL_ATOMIC_SCOPED(atomicExch)
__WL_ATOMIC_SCOPED(atomicAnd)
__WL_ATOMIC_SCOPED(atomicOr)
__WL_ATOMIC_SCOPED(atomicXor)
__WL_ATOMIC_SCOPED(atomicInc)
__WL_ATOMIC_SCOPED(atomicDec)
template <class T> __WL_DEV auto atomicCAS_block(T *p, T c, T v) -> decltype(atomicCAS(p, c, v)) {
  return atomicCAS(p, c, v); }
template <class T> __WL_DEV auto atomicCAS_system(T *p, T c, T v) -> decltype(atomicCAS(p, c, v)) {
  return atomicCAS(p, c, v); }

// ---- warp shuffles and votes ----------------------------------------------
#define __WL_SHFL_CLAMP(width, lo) ((((32 - (width)) << 8)) | (lo))
#define __WL_SHUFFLE(Name, Op, Lo, LaneT)                                       \
  __WL_DEV int Name(unsigned m, int v, LaneT l, int w = 32) {                  \
    return __nvvm_shfl_sync_##Op##_i32(m, v, l, __WL_SHFL_CLAMP(w, Lo)); }       \
  __WL_DEV unsigned Name(unsigned m, unsigned v, LaneT l, int w = 32) {        \
    return (unsigned)Name(m, (int)v, l, w); }                                   \
  __WL_DEV float Name(unsigned m, float v, LaneT l, int w = 32) {              \
    return __nvvm_shfl_sync_##Op##_f32(m, v, l, __WL_SHFL_CLAMP(w, Lo)); }       \
  __WL_DEV long long Name(unsigned m, long long v, LaneT l, int w = 32) {      \
    int lo = Name(m, (int)v, l, w);                                            \
    int hi = Name(m, (int)((unsigned long long)v >> 32), l, w);                \
    return (long long)(((unsigned long long)(unsigned)hi << 32) | (unsigned)lo); } \
  __WL_DEV unsigned long long Name(unsigned m, unsigned long long v, LaneT l, int w = 32) { \
    return (unsigned long long)Name(m, (long long)v, l, w); }                   \
  __WL_DEV long Name(unsigned m, long v, LaneT l, int w = 32) {                \
    return (long)Name(m, (long long)v, l, w); }                                 \
  __WL_DEV unsigned long Name(unsigned m, unsigned long v, LaneT l, int w = 32) { \
    return (unsigned long)Name(m, (long long)v, l, w); }                        \
  __WL_DEV double Name(unsigned m, double v, LaneT l, int w = 32) {            \
    return __builtin_bit_cast(double, Name(m, __builtin_bit_cast(long long, v), l, w)); }
__WL_SHUFFLE(__shfl_sync, idx, 0x1f, int)
__WL_SHUFFLE(__shfl_up_sync, up, 0, unsigned)
__WL_SHUFFLE(__shfl_down_sync, down, 0x1f, unsigned)
__WL_SHUFFLE(__shfl_xor_sync, bfly, 0x1f, int)
__WL_DEV unsigned __ballot_sync(unsigned m, int p) { return __nvvm_vote_ballot_sync(m, p); }
__WL_DEV int __all_sync(unsigned m, int p) { return __nvvm_vote_all_sync(m, p); }
__WL_DEV int __any_sync(unsigned m, int p) { return __nvvm_vote_any_sync(m, p); }
__WL_DEV int __uni_sync(unsigned m, int p) { return __nvvm_vote_uni_sync(m, p); }
__WL_DEV unsigned __activemask() { return __nvvm_vote_ballot_sync(0xffffffffu, 1); }
__WL_DEV unsigned __lanemask_lt() { return __nvvm_read_ptx_sreg_lanemask_lt(); }
__WL_DEV unsigned __laneid() { return __nvvm_read_ptx_sreg_laneid(); }

// ---- match, reduce, named barriers, clusters, vector atomics (sm_70-90) ----
#include "__warplint_warp_cluster.h"

// ---- cache-hint loads and stores (__ldg, __ldcs, __stcs, ...) -------------
#include "__warplint_cache_hints.h"

// ---- integer intrinsics -----------------------------------------------------
__WL_DEV int __popc(unsigned x) { return __builtin_popcount(x); }
__WL_DEV int __popcll(unsigned long long x) { return __builtin_popcountll(x); }
__WL_DEV int __clz(int x) { return x == 0 ? 32 : __builtin_clz((unsigned)x); }
__WL_DEV int __clzll(long long x) { return x == 0 ? 64 : __builtin_clzll((unsigned long long)x); }
__WL_DEV int __ffs(int x) { return __builtin_ffs(x); }
__WL_DEV int __ffsll(long long x) { return __builtin_ffsll(x); }
__WL_DEV unsigned __brev(unsigned x) { return __builtin_bitreverse32(x); }
__WL_DEV unsigned long long __brevll(unsigned long long x) { return __builtin_bitreverse64(x); }
__WL_DEV int __mul24(int a, int b) { return ((a << 8) >> 8) * ((b << 8) >> 8); }
__WL_DEV unsigned __umul24(unsigned a, unsigned b) { return (a & 0xffffff) * (b & 0xffffff); }
__WL_DEV int __mulhi(int a, int b) { return (int)(((long long)a * b) >> 32); }
__WL_DEV unsigned __umulhi(unsigned a, unsigned b) {
  return (unsigned)(((unsigned long long)a * b) >> 32); }
extern "C" __device__ long long __nv_mul64hi(long long, long long);
// An inline asm statement in a template that Clang rejects at definition
// (nvcc checks it only where instantiated) is compiled as a call of this
// (frontend/cuda/NvccRewrites.h); a compile that emits it keeps the error.
extern "C" __device__ void __warplint_asm_rejected_at_definition(void);
__WL_DEV long long __mul64hi(long long a, long long b) { return __nv_mul64hi(a, b); }
// A selector's bit 3 is ignored (prmt's sign mode is not __byte_perm's).
__WL_DEV unsigned __byte_perm(unsigned a, unsigned b, unsigned s) { return __nvvm_prmt(a, b, s & 0x7777u); }
__WL_DEV unsigned __funnelshift_l(unsigned lo, unsigned hi, unsigned s) {
  return __builtin_elementwise_fshl(hi, lo, s & 31u); }
__WL_DEV unsigned __funnelshift_r(unsigned lo, unsigned hi, unsigned s) {
  return __builtin_elementwise_fshr(hi, lo, s & 31u); }
__WL_DEV long long clock64() { return __nvvm_read_ptx_sreg_clock64(); }
__WL_DEV int clock() { return __nvvm_read_ptx_sreg_clock(); }
__WL_DEV void __nanosleep(unsigned ns) { (void)ns; }

#define __WL_MINMAX(T)                                                          \
  __WL_DEV T min(T a, T b) { return a < b ? a : b; }                             \
  __WL_DEV T max(T a, T b) { return a > b ? a : b; }
__WL_MINMAX(int)
__WL_MINMAX(unsigned int)
__WL_MINMAX(long long)
__WL_MINMAX(unsigned long long)
__WL_MINMAX(long)
__WL_MINMAX(unsigned long)
__WL_DEV float min(float a, float b) { return __builtin_fminf(a, b); }
__WL_DEV float max(float a, float b) { return __builtin_fmaxf(a, b); }
__WL_DEV double min(double a, double b) { return __builtin_fmin(a, b); }
__WL_DEV double max(double a, double b) { return __builtin_fmax(a, b); }
__WL_DEV unsigned umin(unsigned a, unsigned b) { return a < b ? a : b; }
__WL_DEV unsigned umax(unsigned a, unsigned b) { return a > b ? a : b; }
__WL_DEV int abs(int a) { return a < 0 ? -a : a; }
__WL_DEV long long llabs(long long a) { return a < 0 ? -a : a; }
__WL_DEV long labs(long a) { return a < 0 ? -a : a; }

#include "__warplint_math.h"
#include "__warplint_integer.h"
#include "__warplint_simd.h"

#endif
