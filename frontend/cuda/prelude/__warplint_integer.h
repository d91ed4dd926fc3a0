// warplint prelude: libdevice's integer, bit and conversion functions that
// Clang's CUDA headers reach through __nv_* calls, declared the same way: the
// device model runs each natively (devicemodel/IntegerFunctions.cpp), exactly
// as PTX defines it (tests/lit/run/integer-intrinsics.cu checks them against
// an H100).
#ifndef __WARPLINT_INTEGER_H
#define __WARPLINT_INTEGER_H
#define __WL_INT_DEV static __device__ __forceinline__
/// __NAME(x) calls libdevice's __nv_NAME(x).
#define __WL_NV1(R, NAME, T)                                                    \
  extern "C" __device__ R __nv_##NAME(T);                                       \
  __WL_INT_DEV R __##NAME(T x) { return __nv_##NAME(x); }

extern "C" __device__ int __nv_hadd(int a, int b);
__WL_INT_DEV int __hadd(int a, int b) { return __nv_hadd(a, b); }
extern "C" __device__ int __nv_rhadd(int a, int b);
__WL_INT_DEV int __rhadd(int a, int b) { return __nv_rhadd(a, b); }
extern "C" __device__ unsigned __nv_uhadd(unsigned a, unsigned b);
__WL_INT_DEV unsigned __uhadd(unsigned a, unsigned b) { return __nv_uhadd(a, b); }
extern "C" __device__ unsigned __nv_urhadd(unsigned a, unsigned b);
__WL_INT_DEV unsigned __urhadd(unsigned a, unsigned b) { return __nv_urhadd(a, b); }
extern "C" __device__ unsigned __nv_sad(int a, int b, unsigned c);
__WL_INT_DEV unsigned __sad(int a, int b, unsigned c) { return __nv_sad(a, b, c); }
extern "C" __device__ unsigned __nv_usad(unsigned a, unsigned b, unsigned c);
__WL_INT_DEV unsigned __usad(unsigned a, unsigned b, unsigned c) { return __nv_usad(a, b, c); }
extern "C" __device__ unsigned long long __nv_umul64hi(unsigned long long a, unsigned long long b);
__WL_INT_DEV unsigned long long __umul64hi(unsigned long long a, unsigned long long b) { return __nv_umul64hi(a, b); }
__WL_NV1(int, double2hiint, double)
__WL_NV1(int, double2loint, double)
extern "C" __device__ double __nv_hiloint2double(int hi, int lo);
__WL_INT_DEV double __hiloint2double(int hi, int lo) { return __nv_hiloint2double(hi, lo); }
__WL_NV1(int, float2int_rn, float)
__WL_NV1(int, float2int_rz, float)
__WL_NV1(int, float2int_ru, float)
__WL_NV1(int, float2int_rd, float)
__WL_NV1(unsigned, float2uint_rn, float)
__WL_NV1(unsigned, float2uint_rz, float)
__WL_NV1(unsigned, float2uint_ru, float)
__WL_NV1(unsigned, float2uint_rd, float)
__WL_NV1(long long, float2ll_rn, float)
__WL_NV1(long long, float2ll_rz, float)
__WL_NV1(long long, float2ll_ru, float)
__WL_NV1(long long, float2ll_rd, float)
__WL_NV1(unsigned long long, float2ull_rn, float)
__WL_NV1(unsigned long long, float2ull_rz, float)
__WL_NV1(unsigned long long, float2ull_ru, float)
__WL_NV1(unsigned long long, float2ull_rd, float)
__WL_NV1(int, double2int_rn, double)
__WL_NV1(int, double2int_rz, double)
__WL_NV1(int, double2int_ru, double)
__WL_NV1(int, double2int_rd, double)
__WL_NV1(unsigned, double2uint_rn, double)
__WL_NV1(unsigned, double2uint_rz, double)
__WL_NV1(unsigned, double2uint_ru, double)
__WL_NV1(unsigned, double2uint_rd, double)
__WL_NV1(long long, double2ll_rn, double)
__WL_NV1(long long, double2ll_rz, double)
__WL_NV1(long long, double2ll_ru, double)
__WL_NV1(long long, double2ll_rd, double)
__WL_NV1(unsigned long long, double2ull_rn, double)
__WL_NV1(unsigned long long, double2ull_rz, double)
__WL_NV1(unsigned long long, double2ull_ru, double)
__WL_NV1(unsigned long long, double2ull_rd, double)
__WL_NV1(float, int2float_rn, int)
__WL_NV1(float, int2float_rz, int)
__WL_NV1(float, int2float_ru, int)
__WL_NV1(float, int2float_rd, int)
__WL_NV1(double, int2double_rn, int)
__WL_NV1(float, uint2float_rn, unsigned)
__WL_NV1(float, uint2float_rz, unsigned)
__WL_NV1(float, uint2float_ru, unsigned)
__WL_NV1(float, uint2float_rd, unsigned)
__WL_NV1(double, uint2double_rn, unsigned)
__WL_NV1(float, ll2float_rn, long long)
__WL_NV1(float, ll2float_rz, long long)
__WL_NV1(float, ll2float_ru, long long)
__WL_NV1(float, ll2float_rd, long long)
__WL_NV1(double, ll2double_rn, long long)
__WL_NV1(double, ll2double_rz, long long)
__WL_NV1(double, ll2double_ru, long long)
__WL_NV1(double, ll2double_rd, long long)
__WL_NV1(float, ull2float_rn, unsigned long long)
__WL_NV1(float, ull2float_rz, unsigned long long)
__WL_NV1(float, ull2float_ru, unsigned long long)
__WL_NV1(float, ull2float_rd, unsigned long long)
__WL_NV1(double, ull2double_rn, unsigned long long)
__WL_NV1(double, ull2double_rz, unsigned long long)
__WL_NV1(double, ull2double_ru, unsigned long long)
__WL_NV1(double, ull2double_rd, unsigned long long)
extern "C" __device__ long long __nv_llmin(long long, long long);
extern "C" __device__ long long __nv_llmax(long long, long long);
extern "C" __device__ unsigned long long __nv_ullmin(unsigned long long, unsigned long long);
extern "C" __device__ unsigned long long __nv_ullmax(unsigned long long, unsigned long long);
__WL_INT_DEV long long llmin(long long a, long long b) { return __nv_llmin(a, b); }
__WL_INT_DEV long long llmax(long long a, long long b) { return __nv_llmax(a, b); }
__WL_INT_DEV unsigned long long ullmin(unsigned long long a, unsigned long long b) {
  return __nv_ullmin(a, b); }
__WL_INT_DEV unsigned long long ullmax(unsigned long long a, unsigned long long b) {
  return __nv_ullmax(a, b); }
__WL_INT_DEV unsigned __funnelshift_lc(unsigned lo, unsigned hi, unsigned s) {
  return s >= 32u ? lo : __builtin_elementwise_fshl(hi, lo, s); }
__WL_INT_DEV unsigned __funnelshift_rc(unsigned lo, unsigned hi, unsigned s) {
  return s >= 32u ? hi : __builtin_elementwise_fshr(hi, lo, s); }

#endif
