// warplint: the cache-hint loads and stores of CUDA's sm_32 intrinsics
// (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv, __stwb, __stcg, __stcs,
// __stwt) for every type nvcc declares them for: the 1- and 2-byte to 8-byte
// integers, float, double and the vector types of 2 and 4 elements. Each is
// one PTX instruction with its cache operator (ld.global.cs.f32, ...), which
// warplint's frontend turns back into a plain load or store that keeps the
// operator as metadata.
//
// The prelude includes this file; with a CUDA toolkit warplint force-includes
// it, since Clang's CUDA headers define only some of these (__ldg, __ldcg,
// __ldcv, __ldcs, __stwt, not for every type). The definitions live in a
// namespace of their own and the global names are templates forwarding to
// them: an overload Clang already has, or one the user wrote (a
// non-template), wins every call it fits, so nothing is defined twice.
#ifndef __WARPLINT_CACHE_HINTS_H
#define __WARPLINT_CACHE_HINTS_H

#define __WL_CH_DEV static __device__ __forceinline__

// One scalar: PTX type P, register type R bound with constraint C.
#define __WL_CH_LD1(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV T Fn(const T *__p) {                                             \
    R __r;                                                                     \
    asm("ld.global." Op "." P " %0, [%1];" : "=" C(__r) : "l"(__p) Clob);      \
    return (T)__r; }
#define __WL_CH_LD2(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV T Fn(const T *__p) {                                             \
    R __x, __y;                                                                \
    asm("ld.global." Op ".v2." P " {%0,%1}, [%2];"                             \
        : "=" C(__x), "=" C(__y) : "l"(__p) Clob);                             \
    T __v; __v.x = (decltype(__v.x))__x; __v.y = (decltype(__v.y))__y;         \
    return __v; }
#define __WL_CH_LD4(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV T Fn(const T *__p) {                                             \
    R __x, __y, __z, __w;                                                      \
    asm("ld.global." Op ".v4." P " {%0,%1,%2,%3}, [%4];"                       \
        : "=" C(__x), "=" C(__y), "=" C(__z), "=" C(__w) : "l"(__p) Clob);     \
    T __v; __v.x = (decltype(__v.x))__x; __v.y = (decltype(__v.y))__y;         \
    __v.z = (decltype(__v.z))__z; __v.w = (decltype(__v.w))__w;                \
    return __v; }
#define __WL_CH_ST1(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV void Fn(T *__p, T __v) {                                         \
    asm("st.global." Op "." P " [%0], %1;" :: "l"(__p), C((R)__v) : "memory"); }
#define __WL_CH_ST2(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV void Fn(T *__p, T __v) {                                         \
    asm("st.global." Op ".v2." P " [%0], {%1,%2};"                             \
        :: "l"(__p), C((R)__v.x), C((R)__v.y) : "memory"); }
#define __WL_CH_ST4(Fn, Op, Clob, T, P, R, C)                                  \
  __WL_CH_DEV void Fn(T *__p, T __v) {                                         \
    asm("st.global." Op ".v4." P " [%0], {%1,%2,%3,%4};"                       \
        :: "l"(__p), C((R)__v.x), C((R)__v.y), C((R)__v.z), C((R)__v.w)        \
        : "memory"); }

// The 30 types of sm_32_intrinsics.h, for loads (Kind LD) or stores (ST).
#define __WL_CH_TYPES(Kind, Fn, Op, Clob)                                      \
  __WL_CH_##Kind##1(Fn, Op, Clob, char, "s8", int, "r")                        \
  __WL_CH_##Kind##1(Fn, Op, Clob, signed char, "s8", int, "r")                 \
  __WL_CH_##Kind##1(Fn, Op, Clob, unsigned char, "u8", unsigned int, "r")      \
  __WL_CH_##Kind##1(Fn, Op, Clob, short, "s16", short, "h")                    \
  __WL_CH_##Kind##1(Fn, Op, Clob, unsigned short, "u16", unsigned short, "h")  \
  __WL_CH_##Kind##1(Fn, Op, Clob, int, "s32", int, "r")                        \
  __WL_CH_##Kind##1(Fn, Op, Clob, unsigned int, "u32", unsigned int, "r")      \
  __WL_CH_##Kind##1(Fn, Op, Clob, long, "s64", long long, "l")                 \
  __WL_CH_##Kind##1(Fn, Op, Clob, unsigned long, "u64", unsigned long long, "l") \
  __WL_CH_##Kind##1(Fn, Op, Clob, long long, "s64", long long, "l")            \
  __WL_CH_##Kind##1(Fn, Op, Clob, unsigned long long, "u64", unsigned long long, "l") \
  __WL_CH_##Kind##1(Fn, Op, Clob, float, "f32", float, "f")                    \
  __WL_CH_##Kind##1(Fn, Op, Clob, double, "f64", double, "d")                  \
  __WL_CH_##Kind##2(Fn, Op, Clob, char2, "s8", int, "r")                       \
  __WL_CH_##Kind##4(Fn, Op, Clob, char4, "s8", int, "r")                       \
  __WL_CH_##Kind##2(Fn, Op, Clob, uchar2, "u8", unsigned int, "r")             \
  __WL_CH_##Kind##4(Fn, Op, Clob, uchar4, "u8", unsigned int, "r")             \
  __WL_CH_##Kind##2(Fn, Op, Clob, short2, "s16", short, "h")                   \
  __WL_CH_##Kind##4(Fn, Op, Clob, short4, "s16", short, "h")                   \
  __WL_CH_##Kind##2(Fn, Op, Clob, ushort2, "u16", unsigned short, "h")         \
  __WL_CH_##Kind##4(Fn, Op, Clob, ushort4, "u16", unsigned short, "h")         \
  __WL_CH_##Kind##2(Fn, Op, Clob, int2, "s32", int, "r")                       \
  __WL_CH_##Kind##4(Fn, Op, Clob, int4, "s32", int, "r")                       \
  __WL_CH_##Kind##2(Fn, Op, Clob, uint2, "u32", unsigned int, "r")             \
  __WL_CH_##Kind##4(Fn, Op, Clob, uint4, "u32", unsigned int, "r")             \
  __WL_CH_##Kind##2(Fn, Op, Clob, longlong2, "s64", long long, "l")            \
  __WL_CH_##Kind##2(Fn, Op, Clob, ulonglong2, "u64", unsigned long long, "l")  \
  __WL_CH_##Kind##2(Fn, Op, Clob, float2, "f32", float, "f")                   \
  __WL_CH_##Kind##4(Fn, Op, Clob, float4, "f32", float, "f")                   \
  __WL_CH_##Kind##2(Fn, Op, Clob, double2, "f64", double, "d")

#define __WL_CH_ALL                                                            \
  __WL_CH_TYPES(LD, __ldg, "nc", )                                             \
  __WL_CH_TYPES(LD, __ldcg, "cg", )                                            \
  __WL_CH_TYPES(LD, __ldca, "ca", )                                            \
  __WL_CH_TYPES(LD, __ldcs, "cs", )                                            \
  __WL_CH_TYPES(LD, __ldlu, "lu", : "memory")                            \
  __WL_CH_TYPES(LD, __ldcv, "cv", : "memory")                            \
  __WL_CH_TYPES(ST, __stwb, "wb", )                                            \
  __WL_CH_TYPES(ST, __stcg, "cg", )                                            \
  __WL_CH_TYPES(ST, __stcs, "cs", )                                            \
  __WL_CH_TYPES(ST, __stwt, "wt", )

namespace __wl_cache_hints {
__WL_CH_ALL
} // namespace __wl_cache_hints
template <class __T> struct __wl_ch_same { typedef __T type; };
#define __WL_CH_FORWARD_LD(Fn)                                                 \
  template <class __T>                                                         \
  __WL_CH_DEV auto Fn(const __T *__p) -> decltype(__wl_cache_hints::Fn(__p)) { \
    return __wl_cache_hints::Fn(__p); }
#define __WL_CH_FORWARD_ST(Fn)                                                 \
  template <class __T>                                                         \
  __WL_CH_DEV auto Fn(__T *__p, typename __wl_ch_same<__T>::type __v)          \
      -> decltype(__wl_cache_hints::Fn(__p, __v)) {                            \
    return __wl_cache_hints::Fn(__p, __v); }
__WL_CH_FORWARD_LD(__ldg)
__WL_CH_FORWARD_LD(__ldcg)
__WL_CH_FORWARD_LD(__ldca)
__WL_CH_FORWARD_LD(__ldcs)
__WL_CH_FORWARD_LD(__ldlu)
__WL_CH_FORWARD_LD(__ldcv)
__WL_CH_FORWARD_ST(__stwb)
__WL_CH_FORWARD_ST(__stcg)
__WL_CH_FORWARD_ST(__stcs)
__WL_CH_FORWARD_ST(__stwt)
#undef __WL_CH_FORWARD_LD
#undef __WL_CH_FORWARD_ST

// The ten for a type whose bits move as they are (the prelude's __half,
// __half2, __nv_bfloat16, __nv_bfloat162: the toolkit's fp16 and bf16
// headers declare these overloads).
#define __WL_CH_BITWISE(T, P, R, C)                                            \
  __WL_CH_BITWISE_LD(__ldg, "nc", , T, P, R, C)                                \
  __WL_CH_BITWISE_LD(__ldcg, "cg", , T, P, R, C)                               \
  __WL_CH_BITWISE_LD(__ldca, "ca", , T, P, R, C)                               \
  __WL_CH_BITWISE_LD(__ldcs, "cs", , T, P, R, C)                               \
  __WL_CH_BITWISE_LD(__ldlu, "lu", : "memory", T, P, R, C)                     \
  __WL_CH_BITWISE_LD(__ldcv, "cv", : "memory", T, P, R, C)                     \
  __WL_CH_BITWISE_ST(__stwb, "wb", T, P, R, C)                                 \
  __WL_CH_BITWISE_ST(__stcg, "cg", T, P, R, C)                                 \
  __WL_CH_BITWISE_ST(__stcs, "cs", T, P, R, C)                                 \
  __WL_CH_BITWISE_ST(__stwt, "wt", T, P, R, C)
#define __WL_CH_BITWISE_LD(Fn, Op, Clob, T, P, R, C)                           \
  __WL_CH_DEV T Fn(const T *__p) {                                             \
    R __r;                                                                     \
    asm("ld.global." Op "." P " %0, [%1];" : "=" C(__r) : "l"(__p) Clob);      \
    return __builtin_bit_cast(T, __r); }
#define __WL_CH_BITWISE_ST(Fn, Op, T, P, R, C)                                 \
  __WL_CH_DEV void Fn(T *__p, T __v) {                                         \
    asm("st.global." Op "." P " [%0], %1;"                                     \
        :: "l"(__p), C(__builtin_bit_cast(R, __v)) : "memory"); }

#undef __WL_CH_ALL
#undef __WL_CH_TYPES

#endif
