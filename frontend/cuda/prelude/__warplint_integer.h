// warplint prelude: libdevice's integer, bit and conversion functions that
// Clang's CUDA headers reach through __nv_* calls, declared the same way: the
// device model runs each natively (devicemodel/IntegerFunctions.cpp), exactly
// as PTX defines it (tests/lit/run/integer-intrinsics.cu checks them against
// an H100).
#ifndef __WARPLINT_INTEGER_H
#define __WARPLINT_INTEGER_H
#define __WL_INT_DEV static __device__ __forceinline__

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
extern "C" __device__ int __nv_double2hiint(double x);
__WL_INT_DEV int __double2hiint(double x) { return __nv_double2hiint(x); }
extern "C" __device__ int __nv_double2loint(double x);
__WL_INT_DEV int __double2loint(double x) { return __nv_double2loint(x); }
extern "C" __device__ double __nv_hiloint2double(int hi, int lo);
__WL_INT_DEV double __hiloint2double(int hi, int lo) { return __nv_hiloint2double(hi, lo); }
extern "C" __device__ int __nv_float2int_rn(float x);
__WL_INT_DEV int __float2int_rn(float x) { return __nv_float2int_rn(x); }
extern "C" __device__ int __nv_float2int_rz(float x);
__WL_INT_DEV int __float2int_rz(float x) { return __nv_float2int_rz(x); }
extern "C" __device__ int __nv_float2int_ru(float x);
__WL_INT_DEV int __float2int_ru(float x) { return __nv_float2int_ru(x); }
extern "C" __device__ int __nv_float2int_rd(float x);
__WL_INT_DEV int __float2int_rd(float x) { return __nv_float2int_rd(x); }
extern "C" __device__ unsigned __nv_float2uint_rn(float x);
__WL_INT_DEV unsigned __float2uint_rn(float x) { return __nv_float2uint_rn(x); }
extern "C" __device__ unsigned __nv_float2uint_rz(float x);
__WL_INT_DEV unsigned __float2uint_rz(float x) { return __nv_float2uint_rz(x); }
extern "C" __device__ unsigned __nv_float2uint_ru(float x);
__WL_INT_DEV unsigned __float2uint_ru(float x) { return __nv_float2uint_ru(x); }
extern "C" __device__ unsigned __nv_float2uint_rd(float x);
__WL_INT_DEV unsigned __float2uint_rd(float x) { return __nv_float2uint_rd(x); }
extern "C" __device__ long long __nv_float2ll_rn(float x);
__WL_INT_DEV long long __float2ll_rn(float x) { return __nv_float2ll_rn(x); }
extern "C" __device__ long long __nv_float2ll_rz(float x);
__WL_INT_DEV long long __float2ll_rz(float x) { return __nv_float2ll_rz(x); }
extern "C" __device__ long long __nv_float2ll_ru(float x);
__WL_INT_DEV long long __float2ll_ru(float x) { return __nv_float2ll_ru(x); }
extern "C" __device__ long long __nv_float2ll_rd(float x);
__WL_INT_DEV long long __float2ll_rd(float x) { return __nv_float2ll_rd(x); }
extern "C" __device__ unsigned long long __nv_float2ull_rn(float x);
__WL_INT_DEV unsigned long long __float2ull_rn(float x) { return __nv_float2ull_rn(x); }
extern "C" __device__ unsigned long long __nv_float2ull_rz(float x);
__WL_INT_DEV unsigned long long __float2ull_rz(float x) { return __nv_float2ull_rz(x); }
extern "C" __device__ unsigned long long __nv_float2ull_ru(float x);
__WL_INT_DEV unsigned long long __float2ull_ru(float x) { return __nv_float2ull_ru(x); }
extern "C" __device__ unsigned long long __nv_float2ull_rd(float x);
__WL_INT_DEV unsigned long long __float2ull_rd(float x) { return __nv_float2ull_rd(x); }
extern "C" __device__ int __nv_double2int_rn(double x);
__WL_INT_DEV int __double2int_rn(double x) { return __nv_double2int_rn(x); }
extern "C" __device__ int __nv_double2int_rz(double x);
__WL_INT_DEV int __double2int_rz(double x) { return __nv_double2int_rz(x); }
extern "C" __device__ int __nv_double2int_ru(double x);
__WL_INT_DEV int __double2int_ru(double x) { return __nv_double2int_ru(x); }
extern "C" __device__ int __nv_double2int_rd(double x);
__WL_INT_DEV int __double2int_rd(double x) { return __nv_double2int_rd(x); }
extern "C" __device__ unsigned __nv_double2uint_rn(double x);
__WL_INT_DEV unsigned __double2uint_rn(double x) { return __nv_double2uint_rn(x); }
extern "C" __device__ unsigned __nv_double2uint_rz(double x);
__WL_INT_DEV unsigned __double2uint_rz(double x) { return __nv_double2uint_rz(x); }
extern "C" __device__ unsigned __nv_double2uint_ru(double x);
__WL_INT_DEV unsigned __double2uint_ru(double x) { return __nv_double2uint_ru(x); }
extern "C" __device__ unsigned __nv_double2uint_rd(double x);
__WL_INT_DEV unsigned __double2uint_rd(double x) { return __nv_double2uint_rd(x); }
extern "C" __device__ long long __nv_double2ll_rn(double x);
__WL_INT_DEV long long __double2ll_rn(double x) { return __nv_double2ll_rn(x); }
extern "C" __device__ long long __nv_double2ll_rz(double x);
__WL_INT_DEV long long __double2ll_rz(double x) { return __nv_double2ll_rz(x); }
extern "C" __device__ long long __nv_double2ll_ru(double x);
__WL_INT_DEV long long __double2ll_ru(double x) { return __nv_double2ll_ru(x); }
extern "C" __device__ long long __nv_double2ll_rd(double x);
__WL_INT_DEV long long __double2ll_rd(double x) { return __nv_double2ll_rd(x); }
extern "C" __device__ unsigned long long __nv_double2ull_rn(double x);
__WL_INT_DEV unsigned long long __double2ull_rn(double x) { return __nv_double2ull_rn(x); }
extern "C" __device__ unsigned long long __nv_double2ull_rz(double x);
__WL_INT_DEV unsigned long long __double2ull_rz(double x) { return __nv_double2ull_rz(x); }
extern "C" __device__ unsigned long long __nv_double2ull_ru(double x);
__WL_INT_DEV unsigned long long __double2ull_ru(double x) { return __nv_double2ull_ru(x); }
extern "C" __device__ unsigned long long __nv_double2ull_rd(double x);
__WL_INT_DEV unsigned long long __double2ull_rd(double x) { return __nv_double2ull_rd(x); }
extern "C" __device__ float __nv_int2float_rn(int x);
__WL_INT_DEV float __int2float_rn(int x) { return __nv_int2float_rn(x); }
extern "C" __device__ float __nv_int2float_rz(int x);
__WL_INT_DEV float __int2float_rz(int x) { return __nv_int2float_rz(x); }
extern "C" __device__ float __nv_int2float_ru(int x);
__WL_INT_DEV float __int2float_ru(int x) { return __nv_int2float_ru(x); }
extern "C" __device__ float __nv_int2float_rd(int x);
__WL_INT_DEV float __int2float_rd(int x) { return __nv_int2float_rd(x); }
extern "C" __device__ double __nv_int2double_rn(int x);
__WL_INT_DEV double __int2double_rn(int x) { return __nv_int2double_rn(x); }
extern "C" __device__ float __nv_uint2float_rn(unsigned x);
__WL_INT_DEV float __uint2float_rn(unsigned x) { return __nv_uint2float_rn(x); }
extern "C" __device__ float __nv_uint2float_rz(unsigned x);
__WL_INT_DEV float __uint2float_rz(unsigned x) { return __nv_uint2float_rz(x); }
extern "C" __device__ float __nv_uint2float_ru(unsigned x);
__WL_INT_DEV float __uint2float_ru(unsigned x) { return __nv_uint2float_ru(x); }
extern "C" __device__ float __nv_uint2float_rd(unsigned x);
__WL_INT_DEV float __uint2float_rd(unsigned x) { return __nv_uint2float_rd(x); }
extern "C" __device__ double __nv_uint2double_rn(unsigned x);
__WL_INT_DEV double __uint2double_rn(unsigned x) { return __nv_uint2double_rn(x); }
extern "C" __device__ float __nv_ll2float_rn(long long x);
__WL_INT_DEV float __ll2float_rn(long long x) { return __nv_ll2float_rn(x); }
extern "C" __device__ float __nv_ll2float_rz(long long x);
__WL_INT_DEV float __ll2float_rz(long long x) { return __nv_ll2float_rz(x); }
extern "C" __device__ float __nv_ll2float_ru(long long x);
__WL_INT_DEV float __ll2float_ru(long long x) { return __nv_ll2float_ru(x); }
extern "C" __device__ float __nv_ll2float_rd(long long x);
__WL_INT_DEV float __ll2float_rd(long long x) { return __nv_ll2float_rd(x); }
extern "C" __device__ double __nv_ll2double_rn(long long x);
__WL_INT_DEV double __ll2double_rn(long long x) { return __nv_ll2double_rn(x); }
extern "C" __device__ double __nv_ll2double_rz(long long x);
__WL_INT_DEV double __ll2double_rz(long long x) { return __nv_ll2double_rz(x); }
extern "C" __device__ double __nv_ll2double_ru(long long x);
__WL_INT_DEV double __ll2double_ru(long long x) { return __nv_ll2double_ru(x); }
extern "C" __device__ double __nv_ll2double_rd(long long x);
__WL_INT_DEV double __ll2double_rd(long long x) { return __nv_ll2double_rd(x); }
extern "C" __device__ float __nv_ull2float_rn(unsigned long long x);
__WL_INT_DEV float __ull2float_rn(unsigned long long x) { return __nv_ull2float_rn(x); }
extern "C" __device__ float __nv_ull2float_rz(unsigned long long x);
__WL_INT_DEV float __ull2float_rz(unsigned long long x) { return __nv_ull2float_rz(x); }
extern "C" __device__ float __nv_ull2float_ru(unsigned long long x);
__WL_INT_DEV float __ull2float_ru(unsigned long long x) { return __nv_ull2float_ru(x); }
extern "C" __device__ float __nv_ull2float_rd(unsigned long long x);
__WL_INT_DEV float __ull2float_rd(unsigned long long x) { return __nv_ull2float_rd(x); }
extern "C" __device__ double __nv_ull2double_rn(unsigned long long x);
__WL_INT_DEV double __ull2double_rn(unsigned long long x) { return __nv_ull2double_rn(x); }
extern "C" __device__ double __nv_ull2double_rz(unsigned long long x);
__WL_INT_DEV double __ull2double_rz(unsigned long long x) { return __nv_ull2double_rz(x); }
extern "C" __device__ double __nv_ull2double_ru(unsigned long long x);
__WL_INT_DEV double __ull2double_ru(unsigned long long x) { return __nv_ull2double_ru(x); }
extern "C" __device__ double __nv_ull2double_rd(unsigned long long x);
__WL_INT_DEV double __ull2double_rd(unsigned long long x) { return __nv_ull2double_rd(x); }
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
