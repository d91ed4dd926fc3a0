// warplint prelude: the 16-bit float type __WL_T and its pair __WL_T2, as
// the toolkit declares __half/__half2 and __nv_bfloat16/__nv_bfloat162: the
// raw structs, the constructors and conversions (from and to float, double
// and the integer types, unless __CUDA_NO_HALF_CONVERSIONS__ or
// __CUDA_NO_BFLOAT16_CONVERSIONS__), the operators (unless ..._OPERATORS__).
// Included once by cuda_fp16.h and once by cuda_bf16.h, with the names of
// __warplint_half_common.h defined; no include guard.

typedef struct __align__(2) { unsigned short x; } __WL_RAW;
typedef struct __align__(4) { unsigned short x, y; } __WL_RAW2;

struct __WL_T;
__WL_HD __WL_T __WL_CAT3(__float2, __WL_P, _rn)(float);
__WL_HD __WL_T __WL_CAT2(__double2, __WL_P)(double);
__WL_HD float __WL_CAT3(__, __WL_P, 2float)(__WL_T);

struct __align__(2) __WL_T {
protected:
  unsigned short __x;

public:
  __WL_T() = default;
  __host__ __device__ constexpr __WL_T(const __WL_RAW &r) : __x(r.x) {}
  __host__ __device__ __WL_T &operator=(const __WL_RAW &r) { __x = r.x; return *this; }
  __host__ __device__ operator __WL_RAW() const { __WL_RAW r; r.x = __x; return r; }
#if __WL_CONV
  __host__ __device__ __WL_T(float f) : __x(__builtin_bit_cast(unsigned short, __wl_narrow<__WL_NAT>(f))) {}
  __host__ __device__ __WL_T(double f) : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)f)) {}
  __host__ __device__ __WL_T(short v) : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(unsigned short v)
      : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(int v) : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(unsigned int v)
      : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(long v) : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(unsigned long v)
      : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(long long v)
      : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ __WL_T(unsigned long long v)
      : __x(__builtin_bit_cast(unsigned short, (__WL_NAT)v)) {}
  __host__ __device__ operator float() const { return __wl_widen(__builtin_bit_cast(__WL_NAT, __x)); }
  // The integer conversions truncate, saturating (NaN: 0), as cvt.rzi does.
#define __WL_TO_INT(I, Lo, Hi)                                                 \
  __host__ __device__ operator I() const {                                     \
    float __f = (float)*this;                                                  \
    return __f != __f ? (I)0 : __f <= (float)(Lo) ? (I)(Lo) : __f >= (float)(Hi) ? (I)(Hi) : (I)__f; }
  __WL_TO_INT(signed char, -128, 127)
  __WL_TO_INT(unsigned char, 0, 255)
  __WL_TO_INT(char, -128, 127)
  __WL_TO_INT(short, -32768, 32767)
  __WL_TO_INT(unsigned short, 0, 65535)
  __WL_TO_INT(int, (-2147483647 - 1), 2147483647)
  __WL_TO_INT(unsigned int, 0, 4294967295u)
  __WL_TO_INT(long, (-9223372036854775807l - 1), 9223372036854775807l)
  __WL_TO_INT(unsigned long, 0, 18446744073709551615ul)
  __WL_TO_INT(long long, (-9223372036854775807ll - 1), 9223372036854775807ll)
  __WL_TO_INT(unsigned long long, 0, 18446744073709551615ull)
#undef __WL_TO_INT
  __host__ __device__ __WL_T &operator=(float f) { return *this = __WL_T(f); }
  __host__ __device__ __WL_T &operator=(double f) { return *this = __WL_T(f); }
  __host__ __device__ __WL_T &operator=(short v) { return *this = __WL_T(v); }
  __host__ __device__ __WL_T &operator=(unsigned short v) { return *this = __WL_T(v); }
  __host__ __device__ __WL_T &operator=(int v) { return *this = __WL_T(v); }
  __host__ __device__ __WL_T &operator=(unsigned int v) { return *this = __WL_T(v); }
  __host__ __device__ __WL_T &operator=(long long v) { return *this = __WL_T(v); }
  __host__ __device__ __WL_T &operator=(unsigned long long v) { return *this = __WL_T(v); }
  __host__ __device__ constexpr operator bool() const { return (__x & 0x7fffu) != 0; }
#endif
};

struct __align__(4) __WL_T2 {
  __WL_T x, y;
  __WL_T2() = default;
  __host__ __device__ constexpr __WL_T2(const __WL_T &a, const __WL_T &b) : x(a), y(b) {}
  __host__ __device__ __WL_T2(const __WL_RAW2 &r) { *this = r; }
  __host__ __device__ __WL_T2 &operator=(const __WL_RAW2 &r) {
    __WL_RAW a, b;
    a.x = r.x;
    b.x = r.y;
    x = a;
    y = b;
    return *this;
  }
  __host__ __device__ operator __WL_RAW2() const {
    __WL_RAW2 r;
    r.x = __builtin_bit_cast(unsigned short, x);
    r.y = __builtin_bit_cast(unsigned short, y);
    return r;
  }
};

/// The Clang value of H, and the other way.
__WL_HD __WL_NAT __wl_nat(__WL_T h) { return __builtin_bit_cast(__WL_NAT, h); }
__WL_HD __WL_T __wl_wrap(__WL_NAT n) { return __builtin_bit_cast(__WL_T, n); }
__WL_HD unsigned short __wl_bits(__WL_T h) { return __builtin_bit_cast(unsigned short, h); }
__WL_HD __WL_T __wl_from_bits(__WL_T, unsigned short b) { return __builtin_bit_cast(__WL_T, b); }

#if __WL_OPS
__WL_HD __WL_T operator+(const __WL_T &a, const __WL_T &b) {
  __WL_NOFUSE return __wl_wrap(__wl_nat(a) + __wl_nat(b)); }
__WL_HD __WL_T operator-(const __WL_T &a, const __WL_T &b) {
  __WL_NOFUSE return __wl_wrap(__wl_nat(a) - __wl_nat(b)); }
__WL_HD __WL_T operator*(const __WL_T &a, const __WL_T &b) {
  __WL_NOFUSE return __wl_wrap(__wl_nat(a) * __wl_nat(b)); }
__WL_HD __WL_T operator/(const __WL_T &a, const __WL_T &b) {
  return __wl_wrap(__wl_nat(a) / __wl_nat(b)); }
__WL_HD __WL_T &operator+=(__WL_T &a, const __WL_T &b) { return a = a + b; }
__WL_HD __WL_T &operator-=(__WL_T &a, const __WL_T &b) { return a = a - b; }
__WL_HD __WL_T &operator*=(__WL_T &a, const __WL_T &b) { return a = a * b; }
__WL_HD __WL_T &operator/=(__WL_T &a, const __WL_T &b) { return a = a / b; }
__WL_HD __WL_T &operator++(__WL_T &h) { return h = __wl_wrap(__wl_nat(h) + (__WL_NAT)1.0f); }
__WL_HD __WL_T &operator--(__WL_T &h) { return h = __wl_wrap(__wl_nat(h) - (__WL_NAT)1.0f); }
__WL_HD __WL_T operator++(__WL_T &h, int) { __WL_T r = h; ++h; return r; }
__WL_HD __WL_T operator--(__WL_T &h, int) { __WL_T r = h; --h; return r; }
__WL_HD __WL_T operator+(const __WL_T &h) { return h; }
__WL_HD __WL_T operator-(const __WL_T &h) { return __wl_wrap(-__wl_nat(h)); }
__WL_HD bool operator==(const __WL_T &a, const __WL_T &b) { return __wl_nat(a) == __wl_nat(b); }
// != is ordered, as the toolkit's (__hne: false when either is NaN).
__WL_HD bool operator!=(const __WL_T &a, const __WL_T &b) {
  return __wl_nat(a) < __wl_nat(b) || __wl_nat(a) > __wl_nat(b); }
__WL_HD bool operator<(const __WL_T &a, const __WL_T &b) { return __wl_nat(a) < __wl_nat(b); }
__WL_HD bool operator>(const __WL_T &a, const __WL_T &b) { return __wl_nat(a) > __wl_nat(b); }
__WL_HD bool operator<=(const __WL_T &a, const __WL_T &b) { return __wl_nat(a) <= __wl_nat(b); }
__WL_HD bool operator>=(const __WL_T &a, const __WL_T &b) { return __wl_nat(a) >= __wl_nat(b); }
#endif

#if __WL_OPS2
#define __WL_OP2(Op)                                                           \
  __WL_HD __WL_T2 operator Op(const __WL_T2 &a, const __WL_T2 &b) {            \
    __WL_NOFUSE return __WL_T2(__wl_wrap(__wl_nat(a.x) Op __wl_nat(b.x)),      \
                               __wl_wrap(__wl_nat(a.y) Op __wl_nat(b.y))); }     \
  __WL_HD __WL_T2 &operator Op##=(__WL_T2 &a, const __WL_T2 &b) { return a = a Op b; }
__WL_OP2(+)
__WL_OP2(-)
__WL_OP2(*)
__WL_OP2(/)
#undef __WL_OP2
__WL_HD __WL_T2 operator+(const __WL_T2 &h) { return h; }
__WL_HD __WL_T2 operator-(const __WL_T2 &h) {
  return __WL_T2(__wl_wrap(-__wl_nat(h.x)), __wl_wrap(-__wl_nat(h.y))); }
__WL_HD __WL_T2 &operator++(__WL_T2 &h) {
  return h = __WL_T2(__wl_wrap(__wl_nat(h.x) + (__WL_NAT)1.0f),
                     __wl_wrap(__wl_nat(h.y) + (__WL_NAT)1.0f)); }
__WL_HD __WL_T2 &operator--(__WL_T2 &h) {
  return h = __WL_T2(__wl_wrap(__wl_nat(h.x) - (__WL_NAT)1.0f),
                     __wl_wrap(__wl_nat(h.y) - (__WL_NAT)1.0f)); }
__WL_HD __WL_T2 operator++(__WL_T2 &h, int) { __WL_T2 r = h; ++h; return r; }
__WL_HD __WL_T2 operator--(__WL_T2 &h, int) { __WL_T2 r = h; --h; return r; }
// True when both halves compare true, ordered (as __hbeq2, __hbne2, ...).
#define __WL_CMP2(Op)                                                          \
  __WL_HD bool operator Op(const __WL_T2 &a, const __WL_T2 &b) {               \
    return (__wl_nat(a.x) Op __wl_nat(b.x)) && (__wl_nat(a.y) Op __wl_nat(b.y)); }
__WL_CMP2(==)
__WL_CMP2(<)
__WL_CMP2(>)
__WL_CMP2(<=)
__WL_CMP2(>=)
#undef __WL_CMP2
__WL_HD bool operator!=(const __WL_T2 &a, const __WL_T2 &b) {
  __WL_NAT ax = __wl_nat(a.x), ay = __wl_nat(a.y), bx = __wl_nat(b.x), by = __wl_nat(b.y);
  return (ax < bx || ax > bx) && (ay < by || ay > by); }
#endif
