// warplint prelude: the sm_70/80/90 warp and cluster functions (match,
// reduce, __fns, named barriers, clusters, atomicAdd on float2/float4),
// written as Clang's CUDA headers lower them with a toolkit: one NVVM
// builtin each, or the PTX vector atomic as inline assembly (which
// frontend/asm/AtomicAsm.cpp turns into one atomic per element, as PTX
// defines a vector atom).
#ifndef __WARPLINT_WARP_CLUSTER_H
#define __WARPLINT_WARP_CLUSTER_H

#define __WL_WC_DEV static __device__ __forceinline__

// ---- named barriers and __fns ----------------------------------------------
__WL_WC_DEV void __barrier_sync(unsigned id) { __nvvm_barrier_sync(id); }
__WL_WC_DEV void __barrier_sync_count(unsigned id, unsigned n) { __nvvm_barrier_sync_cnt(id, n); }
__WL_WC_DEV unsigned __fns(unsigned mask, unsigned base, int offset) {
  return __nvvm_fns(mask, base, offset); }

// ---- __match_any_sync / __match_all_sync over 32- and 64-bit values --------
#define __WL_MATCH32(T)                                                         \
  __WL_WC_DEV unsigned __match_any_sync(unsigned m, T v) {                      \
    return __nvvm_match_any_sync_i32(m, __builtin_bit_cast(unsigned, v)); }      \
  __WL_WC_DEV unsigned __match_all_sync(unsigned m, T v, int *pred) {           \
    return __nvvm_match_all_sync_i32p(m, __builtin_bit_cast(unsigned, v), pred); }
#define __WL_MATCH64(T)                                                         \
  __WL_WC_DEV unsigned __match_any_sync(unsigned m, T v) {                      \
    return __nvvm_match_any_sync_i64(m, __builtin_bit_cast(unsigned long long, v)); } \
  __WL_WC_DEV unsigned __match_all_sync(unsigned m, T v, int *pred) {           \
    return __nvvm_match_all_sync_i64p(m, __builtin_bit_cast(unsigned long long, v), pred); }
__WL_MATCH32(unsigned) __WL_MATCH32(int) __WL_MATCH32(float)
__WL_MATCH64(unsigned long) __WL_MATCH64(long) __WL_MATCH64(unsigned long long)
__WL_MATCH64(long long) __WL_MATCH64(double)

// ---- __reduce_*_sync (redux.sync) ------------------------------------------
__WL_WC_DEV unsigned __reduce_add_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_add(v, m); }
__WL_WC_DEV int __reduce_add_sync(unsigned m, int v) { return __nvvm_redux_sync_add(v, m); }
__WL_WC_DEV unsigned __reduce_min_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umin(v, m); }
__WL_WC_DEV int __reduce_min_sync(unsigned m, int v) { return __nvvm_redux_sync_min(v, m); }
__WL_WC_DEV unsigned __reduce_max_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_umax(v, m); }
__WL_WC_DEV int __reduce_max_sync(unsigned m, int v) { return __nvvm_redux_sync_max(v, m); }
__WL_WC_DEV unsigned __reduce_and_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_and(v, m); }
__WL_WC_DEV unsigned __reduce_or_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_or(v, m); }
__WL_WC_DEV unsigned __reduce_xor_sync(unsigned m, unsigned v) { return __nvvm_redux_sync_xor(v, m); }

// ---- thread block clusters (sm_90) -------------------------------------------
__WL_WC_DEV unsigned __isCtaShared(const void *p) { return __nvvm_isspacep_shared(p); }
__WL_WC_DEV unsigned __isClusterShared(const void *p) { return __nvvm_isspacep_shared_cluster(p); }
__WL_WC_DEV void *__cluster_map_shared_rank(const void *p, unsigned rank) {
  return __nvvm_mapa((void *)p, rank); }
__WL_WC_DEV unsigned __cluster_query_shared_rank(const void *p) { return __nvvm_getctarank((void *)p); }
__WL_WC_DEV uint2 __cluster_map_shared_multicast(const void *p, unsigned mask) {
  return make_uint2((unsigned)(size_t)(const void __attribute__((address_space(3))) *)p, mask); }
__WL_WC_DEV unsigned __clusterDimIsSpecified() { return __nvvm_is_explicit_cluster(); }
#define __WL_SREG3(R)                                                           \
  dim3(__nvvm_read_ptx_sreg_##R##_x(), __nvvm_read_ptx_sreg_##R##_y(),          \
       __nvvm_read_ptx_sreg_##R##_z())
__WL_WC_DEV dim3 __clusterDim() { return __WL_SREG3(cluster_nctaid); }
__WL_WC_DEV dim3 __clusterRelativeBlockIdx() { return __WL_SREG3(cluster_ctaid); }
__WL_WC_DEV dim3 __clusterGridDimInClusters() { return __WL_SREG3(nclusterid); }
__WL_WC_DEV dim3 __clusterIdx() { return __WL_SREG3(clusterid); }
__WL_WC_DEV unsigned __clusterRelativeBlockRank() { return __nvvm_read_ptx_sreg_cluster_ctarank(); }
__WL_WC_DEV unsigned __clusterSizeInBlocks() { return __nvvm_read_ptx_sreg_cluster_nctarank(); }
__WL_WC_DEV void __cluster_barrier_arrive() { __nvvm_barrier_cluster_arrive(); }
__WL_WC_DEV void __cluster_barrier_arrive_relaxed() { __nvvm_barrier_cluster_arrive_relaxed(); }
__WL_WC_DEV void __cluster_barrier_wait() { __nvvm_barrier_cluster_wait(); }
__WL_WC_DEV void __threadfence_cluster() { __nvvm_fence_sc_cluster(); }

// ---- atomicAdd on float2 / float4 (atom.add.v2.f32 / .v4.f32) ---------------
#define __WL_ATOM_V2(Name, Scope)                                               \
  __WL_WC_DEV float2 Name(float2 *p, float2 v) {                                \
    float2 r;                                                                  \
    asm volatile("atom" Scope ".add.v2.f32 {%0, %1}, [%2], {%3, %4};"           \
                 : "=f"(r.x), "=f"(r.y) : "l"(p), "f"(v.x), "f"(v.y) : "memory"); \
    return r; }
#define __WL_ATOM_V4(Name, Scope)                                               \
  __WL_WC_DEV float4 Name(float4 *p, float4 v) {                                \
    float4 r;                                                                  \
    asm volatile("atom" Scope ".add.v4.f32 {%0, %1, %2, %3}, [%4], {%5, %6, %7, %8};" \
                 : "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)                   \
                 : "l"(p), "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w) : "memory");   \
    return r; }
__WL_ATOM_V2(atomicAdd, "") __WL_ATOM_V2(atomicAdd_block, ".cta")
__WL_ATOM_V2(atomicAdd_system, ".sys")
__WL_ATOM_V4(atomicAdd, "") __WL_ATOM_V4(atomicAdd_block, ".cta")
__WL_ATOM_V4(atomicAdd_system, ".sys")

#endif
