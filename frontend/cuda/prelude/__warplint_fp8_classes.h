// warplint prelude: the classes of <cuda_fp8.h> (included by cuda_fp8.h,
// after the __nv_cvt_* conversions): __nv_fp8_e4m3 and __nv_fp8_e5m2 (one
// macro, the kind its argument), their pairs and fours, and the e8m0 scales.
// As the CUDA Math API documents them: the converting constructors saturate
// to the largest finite value (__NV_SATFINITE; e8m0 rounds up,
// cudaRoundPosInf); integers convert through float (e4m3, e5m2) or exactly
// (e8m0); the conversions to integers truncate and clamp, NaN giving 0
// (0x8000000000000000 for 64 bits, as __half2ll_rz); bool is "not +-0".
// __CUDA_NO_FP8_CONVERSIONS__ and __CUDA_NO_FP8_CONVERSION_OPERATORS__ remove
// them as in the toolkit.
#ifndef __WARPLINT_FP8_CLASSES_H
#define __WARPLINT_FP8_CLASSES_H

// 64-bit double4 forms of CUDA 13's vector types.
#ifndef __WL_DOUBLE4_ALIGNED
#define __WL_DOUBLE4_ALIGNED
struct __align__(16) double4_16a { double x, y, z, w; };
struct __align__(32) double4_32a { double x, y, z, w; };
#endif

#define __WL_F8M __host__ __device__ __forceinline__
#define __WL_F8_PACK4(Lo, Hi) ((unsigned)(Lo) | (unsigned)(Hi) << 16)

/// The char conversions: NaN 0, clamped, truncated.
template <class __I>
__WL_F8 __I __wl_fp8_to_char(float F, float Lo, float Hi) {
  return F != F ? (__I)0 : F > Hi ? (__I)Hi : F < Lo ? (__I)Lo : (__I)F;
}

#if !defined(__CUDA_NO_FP8_CONVERSIONS__) && !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
#define __WL_F8_OPS(Kind)                                                      \
  explicit __WL_F8M operator __half() const {                                 \
    return __half(__nv_cvt_fp8_to_halfraw(__x, Kind)); }                       \
  explicit __WL_F8M operator float() const { return __wl_fp8_to_float(__x, Kind); } \
  explicit __WL_F8M operator __nv_bfloat16() const {                          \
    return __ushort_as_bfloat16(__wl_fp8_to_bf16(__x, Kind)); }                \
  explicit __WL_F8M operator double() const { return (double)__wl_fp8_to_float(__x, Kind); } \
  explicit __WL_F8M operator unsigned char() const {                          \
    return __wl_fp8_to_char<unsigned char>(float(*this), 0.0f, 255.0f); }     \
  explicit __WL_F8M operator signed char() const {                            \
    return __wl_fp8_to_char<signed char>(float(*this), -128.0f, 127.0f); }    \
  explicit __WL_F8M operator char() const { return (char)(signed char)*this; } \
  explicit __WL_F8M operator unsigned short() const { return __half2ushort_rz(__half(*this)); } \
  explicit __WL_F8M operator unsigned int() const { return __half2uint_rz(__half(*this)); } \
  explicit __WL_F8M operator unsigned long() const {                          \
    return (unsigned long)__half2ull_rz(__half(*this)); }                      \
  explicit __WL_F8M operator unsigned long long() const { return __half2ull_rz(__half(*this)); } \
  explicit __WL_F8M operator short() const { return __half2short_rz(__half(*this)); } \
  explicit __WL_F8M operator int() const { return __half2int_rz(__half(*this)); } \
  explicit __WL_F8M operator long() const { return (long)__half2ll_rz(__half(*this)); } \
  explicit __WL_F8M operator long long() const { return __half2ll_rz(__half(*this)); } \
  explicit __WL_F8M operator bool() const { return (__x & 0x7fu) != 0u; }
#define __WL_F8X2_OPS(Kind)                                                    \
  explicit __WL_F8M operator __half2() const {                                \
    return __half2(__nv_cvt_fp8x2_to_halfraw2(__x, Kind)); }                   \
  explicit __WL_F8M operator float2() const {                                 \
    return make_float2(__wl_fp8_to_float(__x & 0xffu, Kind),                   \
                       __wl_fp8_to_float((unsigned)__x >> 8, Kind)); }
#define __WL_F8X4_OPS(Kind)                                                    \
  explicit __WL_F8M operator float4() const {                                 \
    return make_float4(__wl_fp8_to_float(__x & 0xffu, Kind),                   \
                       __wl_fp8_to_float((__x >> 8) & 0xffu, Kind),            \
                       __wl_fp8_to_float((__x >> 16) & 0xffu, Kind),           \
                       __wl_fp8_to_float(__x >> 24, Kind)); }
#else
#define __WL_F8_OPS(Kind)
#define __WL_F8X2_OPS(Kind)
#define __WL_F8X4_OPS(Kind)
#endif

#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
#define __WL_F8_INT_CTOR(T, N, Via)                                            \
  explicit __WL_F8M N(const T v) : N(Via) {}
#define __WL_F8_INT_CTORS(N)                                                   \
  __WL_F8_INT_CTOR(unsigned short, N, (float)v)                                \
  __WL_F8_INT_CTOR(unsigned int, N, (float)v)                                  \
  __WL_F8_INT_CTOR(unsigned long, N, (float)v)                                 \
  __WL_F8_INT_CTOR(unsigned long long, N, (float)v)                            \
  __WL_F8_INT_CTOR(short, N, (float)v)                                         \
  __WL_F8_INT_CTOR(int, N, (float)v)                                           \
  __WL_F8_INT_CTOR(long, N, (float)v)                                          \
  __WL_F8_INT_CTOR(long long, N, (float)v)
#define __WL_F8_CTORS(N, Kind)                                                 \
  explicit __WL_F8M N(const __half f)                                         \
      : __x(__nv_cvt_halfraw_to_fp8(__half_raw(f), __NV_SATFINITE, Kind)) {}   \
  explicit __WL_F8M N(const __nv_bfloat16 f)                                  \
      : __x(__nv_cvt_bfloat16raw_to_fp8(__nv_bfloat16_raw(f), __NV_SATFINITE, Kind)) {} \
  explicit __WL_F8M N(const float f) : __x(__wl_fp8_from_float(f, __NV_SATFINITE, Kind)) {} \
  explicit __WL_F8M N(const double f) : __x(__wl_fp8_round(f, __NV_SATFINITE, Kind)) {} \
  __WL_F8_INT_CTORS(N)
#define __WL_F8X2_CTORS(N, Kind)                                               \
  explicit __WL_F8M N(const __half2 f)                                        \
      : __x(__nv_cvt_halfraw2_to_fp8x2(__half2_raw(f), __NV_SATFINITE, Kind)) {} \
  explicit __WL_F8M N(const __nv_bfloat162 f)                                 \
      : __x(__nv_cvt_bfloat16raw2_to_fp8x2(__nv_bfloat162_raw(f), __NV_SATFINITE, Kind)) {} \
  explicit __WL_F8M N(const float2 f) : __x(__nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, Kind)) {} \
  explicit __WL_F8M N(const double2 f) : __x(__nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, Kind)) {}
#define __WL_F8X4_CTOR4(N, T, Cvt2, T2)                                        \
  explicit __WL_F8M N(const T f)                                              \
      : __x(__WL_F8_PACK4(Cvt2(T2{f.x, f.y}), Cvt2(T2{f.z, f.w}))) {}
#define __WL_F8X4_CTORS(N, N2, Cvt2F, Cvt2D)                                   \
  explicit __WL_F8M N(const __half2 lo, const __half2 hi)                     \
      : __x(__WL_F8_PACK4(N2(lo).__x, N2(hi).__x)) {}                          \
  explicit __WL_F8M N(const __nv_bfloat162 lo, const __nv_bfloat162 hi)       \
      : __x(__WL_F8_PACK4(N2(lo).__x, N2(hi).__x)) {}                          \
  __WL_F8X4_CTOR4(N, float4, Cvt2F, float2)                                    \
  __WL_F8X4_CTOR4(N, double4, Cvt2D, double2)                                  \
  __WL_F8X4_CTOR4(N, double4_16a, Cvt2D, double2)                              \
  __WL_F8X4_CTOR4(N, double4_32a, Cvt2D, double2)
#else
#define __WL_F8_CTORS(N, Kind)
#define __WL_F8X2_CTORS(N, Kind)
#define __WL_F8X4_CTORS(N, N2, Cvt2F, Cvt2D)
#endif

// ---- e4m3 and e5m2 ---------------------------------------------------------------
#define __WL_F8_CLASSES(N, N2, N4, Kind)                                       \
  struct __align__(1) N {                                                      \
    __nv_fp8_storage_t __x;                                                    \
    N() = default;                                                             \
    __WL_F8_CTORS(N, Kind)                                                     \
    __WL_F8_OPS(Kind)                                                          \
  };                                                                           \
  struct __align__(2) N2 {                                                     \
    __nv_fp8x2_storage_t __x;                                                  \
    N2() = default;                                                            \
    __WL_F8X2_CTORS(N2, Kind)                                                  \
    __WL_F8X2_OPS(Kind)                                                        \
  };                                                                           \
  __WL_F8 __nv_fp8x2_storage_t __wl_cvt2f_##N(float2 f) {                      \
    return __nv_cvt_float2_to_fp8x2(f, __NV_SATFINITE, Kind); }                \
  __WL_F8 __nv_fp8x2_storage_t __wl_cvt2d_##N(double2 f) {                     \
    return __nv_cvt_double2_to_fp8x2(f, __NV_SATFINITE, Kind); }               \
  struct __align__(4) N4 {                                                     \
    __nv_fp8x4_storage_t __x;                                                  \
    N4() = default;                                                            \
    __WL_F8X4_CTORS(N4, N2, __wl_cvt2f_##N, __wl_cvt2d_##N)                    \
    __WL_F8X4_OPS(Kind)                                                        \
  };
__WL_F8_CLASSES(__nv_fp8_e5m2, __nv_fp8x2_e5m2, __nv_fp8x4_e5m2, __NV_E5M2)
__WL_F8_CLASSES(__nv_fp8_e4m3, __nv_fp8x2_e4m3, __nv_fp8x4_e4m3, __NV_E4M3)
#undef __WL_F8_CLASSES

// ---- e8m0 ------------------------------------------------------------------------
__WL_F8 float __wl_e8m0_to_float(unsigned Code) {
  return __builtin_bit_cast(float, (unsigned)__wl_e8m0_to_bf16(Code) << 16); }
__WL_F8 __nv_fp8x2_storage_t __wl_cvt2f_e8m0(float2 f) {
  return __nv_cvt_float2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf); }
__WL_F8 __nv_fp8x2_storage_t __wl_cvt2d_e8m0(double2 f) {
  return __nv_cvt_double2_to_e8m0x2(f, __NV_SATFINITE, cudaRoundPosInf); }
__WL_F8 unsigned long long __wl_magnitude(long long v) {
  return v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v; }

struct __align__(1) __nv_fp8_e8m0 {
  __nv_fp8_storage_t __x;
  __nv_fp8_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __WL_F8M __nv_fp8_e8m0(const __half f)
      : __x(__wl_e8m0_of_float(__half2float(f), __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __WL_F8M __nv_fp8_e8m0(const __nv_bfloat16 f)
      : __x(__wl_e8m0_of_bf16(__bfloat16_as_ushort(f), __NV_SATFINITE, true)) {}
  explicit __WL_F8M __nv_fp8_e8m0(const float f)
      : __x(__wl_e8m0_of_float(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  explicit __WL_F8M __nv_fp8_e8m0(const double f)
      : __x(__nv_cvt_double_to_e8m0(f, __NV_SATFINITE, cudaRoundPosInf)) {}
  // Integers: |v| rounded up to a power of two, exactly.
#define __WL_E8_INT(T)                                                         \
  explicit __WL_F8M __nv_fp8_e8m0(const T v)                                  \
      : __x(__wl_e8m0_of_magnitude(__wl_magnitude((long long)v))) {}
#define __WL_E8_UINT(T)                                                        \
  explicit __WL_F8M __nv_fp8_e8m0(const T v)                                  \
      : __x(__wl_e8m0_of_magnitude((unsigned long long)v)) {}
  __WL_E8_UINT(unsigned short)
  __WL_E8_UINT(unsigned int)
  __WL_E8_UINT(unsigned long)
  __WL_E8_UINT(unsigned long long)
  __WL_E8_INT(short)
  __WL_E8_INT(int)
  __WL_E8_INT(long)
  __WL_E8_INT(long long)
#undef __WL_E8_INT
#undef __WL_E8_UINT
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __WL_F8M operator float() const { return __wl_e8m0_to_float(__x); }
  explicit __WL_F8M operator __nv_bfloat16() const {
    return __ushort_as_bfloat16(__wl_e8m0_to_bf16(__x)); }
  explicit __WL_F8M operator double() const { return (double)__wl_e8m0_to_float(__x); }
  explicit __WL_F8M operator __half() const { return __float2half_rn(__wl_e8m0_to_float(__x)); }
  explicit __WL_F8M operator unsigned char() const {
    return __wl_fp8_to_char<unsigned char>(float(*this), 0.0f, 255.0f); }
  explicit __WL_F8M operator signed char() const {
    return __wl_fp8_to_char<signed char>(float(*this), -128.0f, 127.0f); }
  explicit __WL_F8M operator char() const { return (char)(signed char)*this; }
  explicit __WL_F8M operator unsigned short() const {
    return __bfloat162ushort_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator unsigned int() const { return __bfloat162uint_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator unsigned long() const {
    return (unsigned long)__bfloat162ull_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator unsigned long long() const {
    return __bfloat162ull_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator short() const { return __bfloat162short_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator int() const { return __bfloat162int_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator long() const { return (long)__bfloat162ll_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator long long() const { return __bfloat162ll_rz(__nv_bfloat16(*this)); }
  explicit __WL_F8M operator bool() const { return true; } // Every scale is not 0.
#endif
#endif
};

struct __align__(2) __nv_fp8x2_e8m0 {
  __nv_fp8x2_storage_t __x;
  __nv_fp8x2_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  explicit __WL_F8M __nv_fp8x2_e8m0(const __half2 f) : __x(__wl_cvt2f_e8m0(__half22float2(f))) {}
  explicit __WL_F8M __nv_fp8x2_e8m0(const __nv_bfloat162 f)
      : __x(__nv_cvt_bfloat162raw_to_e8m0x2(__nv_bfloat162_raw(f), __NV_SATFINITE,
                                            cudaRoundPosInf)) {}
  explicit __WL_F8M __nv_fp8x2_e8m0(const float2 f) : __x(__wl_cvt2f_e8m0(f)) {}
  explicit __WL_F8M __nv_fp8x2_e8m0(const double2 f) : __x(__wl_cvt2d_e8m0(f)) {}
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __WL_F8M operator __nv_bfloat162() const {
    return __nv_bfloat162(__nv_cvt_e8m0x2_to_bf162raw(__x)); }
  explicit __WL_F8M operator float2() const {
    return make_float2(__wl_e8m0_to_float(__x & 0xffu), __wl_e8m0_to_float((unsigned)__x >> 8)); }
  explicit __WL_F8M operator __half2() const { return __float22half2_rn(float2(*this)); }
#endif
#endif
};

struct __align__(4) __nv_fp8x4_e8m0 {
  __nv_fp8x4_storage_t __x;
  __nv_fp8x4_e8m0() = default;
#if !defined(__CUDA_NO_FP8_CONVERSIONS__)
  __WL_F8X4_CTORS(__nv_fp8x4_e8m0, __nv_fp8x2_e8m0, __wl_cvt2f_e8m0, __wl_cvt2d_e8m0)
#if !defined(__CUDA_NO_FP8_CONVERSION_OPERATORS__)
  explicit __WL_F8M operator float4() const {
    return make_float4(__wl_e8m0_to_float(__x & 0xffu), __wl_e8m0_to_float((__x >> 8) & 0xffu),
                       __wl_e8m0_to_float((__x >> 16) & 0xffu), __wl_e8m0_to_float(__x >> 24)); }
#endif
#endif
};

#undef __WL_F8M
#undef __WL_F8_PACK4
#undef __WL_F8_OPS
#undef __WL_F8X2_OPS
#undef __WL_F8X4_OPS
#undef __WL_F8_INT_CTOR
#undef __WL_F8_INT_CTORS
#undef __WL_F8_CTORS
#undef __WL_F8X2_CTORS
#undef __WL_F8X4_CTOR4
#undef __WL_F8X4_CTORS
#endif
