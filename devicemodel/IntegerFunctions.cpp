//===- IntegerFunctions.cpp - Native stand-ins for libdevice's bit functions ===//
#include "devicemodel/IntegerFunctions.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/bit.h"

#include <cmath>
#include <limits>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

using U64 = uint64_t;

int32_t s32(U64 X) { return int32_t(uint32_t(X)); }
uint32_t u32(U64 X) { return uint32_t(X); }
int64_t s64(U64 X) { return int64_t(X); }
float f32(U64 X) { return bit_cast<float>(uint32_t(X)); }
double f64(U64 X) { return bit_cast<double>(X); }
U64 of(int32_t V) { return uint32_t(V); }
U64 of(uint32_t V) { return V; }
U64 of(int64_t V) { return uint64_t(V); }
U64 of(uint64_t V) { return V; }
U64 of(float V) { return bit_cast<uint32_t>(V); }
U64 of(double V) { return bit_cast<uint64_t>(V); }

// ---- bits ----------------------------------------------------------------
U64 popc(U64 A, U64, U64) { return of(int32_t(llvm::popcount(u32(A)))); }
U64 popcll(U64 A, U64, U64) { return of(int32_t(llvm::popcount(A))); }
U64 clz(U64 A, U64, U64) { return of(int32_t(llvm::countl_zero(u32(A)))); }
U64 clzll(U64 A, U64, U64) { return of(int32_t(llvm::countl_zero(A))); }
U64 ffs(U64 A, U64, U64) { return of(int32_t(u32(A) ? llvm::countr_zero(u32(A)) + 1 : 0)); }
U64 ffsll(U64 A, U64, U64) { return of(int32_t(A ? llvm::countr_zero(A) + 1 : 0)); }
U64 brev(U64 A, U64, U64) { return of(llvm::reverseBits(u32(A))); }
U64 brevll(U64 A, U64, U64) { return llvm::reverseBits(A); }
/// prmt.b32 (default mode): byte n of the result is byte (S >> 4n) & 7 of
/// {B, A} (A bytes 0-3, B bytes 4-7), its sign replicated when bit 3 is set.
U64 prmt(U64 A, U64 B, U64 S) {
  U64 Both = U64(u32(A)) | (U64(u32(B)) << 32);
  uint32_t R = 0;
  for (unsigned N = 0; N < 4; ++N) {
    unsigned Sel = (u32(S) >> (4 * N)) & 0xf;
    uint32_t Byte = (Both >> (8 * (Sel & 7))) & 0xff;
    if (Sel & 8)
      Byte = (Byte & 0x80) ? 0xff : 0;
    R |= Byte << (8 * N);
  }
  return R;
}
/// __byte_perm: prmt with each selector's bit 3 ignored (measured on an H100).
U64 bytePerm(U64 A, U64 B, U64 S) { return prmt(A, B, S & 0x7777); }
/// fns.b32 (__fns): the position of the |Offset|-th set bit of Mask counted
/// from bit Base, upward for a positive Offset and downward for a negative
/// one (Base's own bit first); Offset 0 tests bit Base alone. 0xffffffff when
/// there is none. A Base past 31 (undefined in PTX) finds none.
U64 fns(U64 Mask, U64 Base, U64 Offset) {
  const uint32_t M = u32(Mask), B = u32(Base);
  const int64_t Off = s32(Offset);
  if (B > 31)
    return 0xffffffffu;
  if (Off == 0)
    return (M >> B) & 1 ? B : 0xffffffffu;
  int64_t Count = (Off < 0 ? -Off : Off) - 1;
  for (int Pos = int(B); Pos >= 0 && Pos < 32; Pos += Off > 0 ? 1 : -1)
    if ((M >> Pos) & 1 && Count-- == 0)
      return uint32_t(Pos);
  return 0xffffffffu;
}
// ---- integer arithmetic --------------------------------------------------
int32_t low24(U64 X) { return int32_t(u32(X) << 8) >> 8; }
U64 mul24(U64 A, U64 B, U64) { return of(int32_t(int64_t(low24(A)) * low24(B))); }
U64 umul24(U64 A, U64 B, U64) { return of(uint32_t((u32(A) & 0xffffff) * (u32(B) & 0xffffff))); }
U64 mulhi(U64 A, U64 B, U64) { return of(int32_t((int64_t(s32(A)) * s32(B)) >> 32)); }
U64 umulhi(U64 A, U64 B, U64) { return of(uint32_t((U64(u32(A)) * u32(B)) >> 32)); }
U64 mul64hi(U64 A, U64 B, U64) {
  return of(int64_t((__int128(s64(A)) * __int128(s64(B))) >> 64));
}
U64 umul64hi(U64 A, U64 B, U64) {
  return uint64_t((unsigned __int128)A * (unsigned __int128)B >> 64);
}
U64 sad(U64 A, U64 B, U64 C) {
  int64_t D = int64_t(s32(A)) - s32(B);
  return of(uint32_t(uint32_t(D < 0 ? -D : D) + u32(C)));
}
U64 usad(U64 A, U64 B, U64 C) {
  uint32_t X = u32(A), Y = u32(B);
  return of(uint32_t((X > Y ? X - Y : Y - X) + u32(C)));
}
U64 hadd(U64 A, U64 B, U64) { return of(int32_t((int64_t(s32(A)) + s32(B)) >> 1)); }
U64 rhadd(U64 A, U64 B, U64) { return of(int32_t((int64_t(s32(A)) + s32(B) + 1) >> 1)); }
U64 uhadd(U64 A, U64 B, U64) { return of(uint32_t((U64(u32(A)) + u32(B)) >> 1)); }
U64 urhadd(U64 A, U64 B, U64) { return of(uint32_t((U64(u32(A)) + u32(B) + 1) >> 1)); }
U64 smin(U64 A, U64 B, U64) { return of(std::min(s32(A), s32(B))); }
U64 smax(U64 A, U64 B, U64) { return of(std::max(s32(A), s32(B))); }
U64 umin(U64 A, U64 B, U64) { return of(std::min(u32(A), u32(B))); }
U64 umax(U64 A, U64 B, U64) { return of(std::max(u32(A), u32(B))); }
U64 llmin(U64 A, U64 B, U64) { return of(std::min(s64(A), s64(B))); }
U64 llmax(U64 A, U64 B, U64) { return of(std::max(s64(A), s64(B))); }
U64 ullmin(U64 A, U64 B, U64) { return std::min(A, B); }
U64 ullmax(U64 A, U64 B, U64) { return std::max(A, B); }
U64 iabs(U64 A, U64, U64) { return of(uint32_t(s32(A) < 0 ? 0u - u32(A) : u32(A))); }
U64 llabs(U64 A, U64, U64) { return s64(A) < 0 ? 0 - A : A; }

// ---- reinterpretation ----------------------------------------------------
U64 same32(U64 A, U64, U64) { return u32(A); }
U64 same64(U64 A, U64, U64) { return A; }
U64 hiInt(U64 A, U64, U64) { return A >> 32; }
U64 loInt(U64 A, U64, U64) { return u32(A); }
U64 hiLo(U64 Hi, U64 Lo, U64) { return (U64(u32(Hi)) << 32) | u32(Lo); }

// ---- conversions ---------------------------------------------------------
enum Round { RN, RZ, RU, RD };

double rounded(double X, Round R) {
  switch (R) {
  case RN:
    return std::nearbyint(X); // The default mode: to nearest, ties to even.
  case RZ:
    return std::trunc(X);
  case RU:
    return std::ceil(X);
  case RD:
    return std::floor(X);
  }
  return X;
}

/// cvt.rXi.{s,u}N.fM: rounded, saturated to the type's range. NaN gives
/// what an H100 gives: 0 from a float to 32 bits, else the integer's top bit
/// alone (0x80000000, 0x8000000000000000), signed or not.
template <class Int, Round R> U64 toInt(double X, bool FromFloat) {
  if (std::isnan(X))
    return FromFloat && sizeof(Int) == 4 ? 0 : of(Int(U64(1) << (8 * sizeof(Int) - 1)));
  long double V = rounded(X, R);
  if (V <= (long double)std::numeric_limits<Int>::min())
    return of(std::numeric_limits<Int>::min());
  if (V >= (long double)std::numeric_limits<Int>::max())
    return of(std::numeric_limits<Int>::max());
  return of(Int(V));
}
template <class Int, Round R> U64 f2i(U64 A, U64, U64) { return toInt<Int, R>(f32(A), true); }
template <class Int, Round R> U64 d2i(U64 A, U64, U64) { return toInt<Int, R>(f64(A), false); }

/// cvt.rX.fN.{s,u}M: the nearest value, then one step toward the mode's
/// direction where that overshot (X is exact in long double).
template <class Fp> Fp fromInt(long double X, Round R) {
  Fp V = Fp(X); // Round to nearest.
  long double Got = V;
  if ((R == RZ && std::fabs(Got) > std::fabs(X)) || (R == RD && Got > X))
    V = std::nextafter(V, R == RZ ? Fp(0) : -std::numeric_limits<Fp>::infinity());
  else if (R == RU && Got < X)
    V = std::nextafter(V, std::numeric_limits<Fp>::infinity());
  return V;
}
template <Round R> U64 i2f(U64 A, U64, U64) { return of(fromInt<float>(s32(A), R)); }
template <Round R> U64 ui2f(U64 A, U64, U64) { return of(fromInt<float>(u32(A), R)); }
template <Round R> U64 ll2f(U64 A, U64, U64) { return of(fromInt<float>(s64(A), R)); }
template <Round R> U64 ull2f(U64 A, U64, U64) { return of(fromInt<float>(A, R)); }
template <Round R> U64 i2d(U64 A, U64, U64) { return of(fromInt<double>(s32(A), R)); }
template <Round R> U64 ui2d(U64 A, U64, U64) { return of(fromInt<double>(u32(A), R)); }
template <Round R> U64 ll2d(U64 A, U64, U64) { return of(fromInt<double>(s64(A), R)); }
template <Round R> U64 ull2d(U64 A, U64, U64) { return of(fromInt<double>(A, R)); }

/// cvt.rX.f32.f64: the nearest float, then one step toward the mode's
/// direction where that overshot (overflow saturates to the largest finite
/// float toward zero, as the step from infinity does).
template <Round R> U64 d2f(U64 A, U64, U64) {
  double X = f64(A);
  return std::isnan(X) ? of(float(X)) : of(fromInt<float>(X, R));
}
/// cvt.rn.f16.f32: the half's bits (IEEE binary16, to nearest even).
U64 f2h(U64 A, U64, U64) {
  float X = f32(A);
  uint32_t Bits = u32(A), Sign = (Bits >> 16) & 0x8000;
  if (std::isnan(X))
    return Sign | 0x7e00;
  float Abs = std::fabs(X);
  if (Abs >= 65520.0f) // Rounds to infinity.
    return Sign | 0x7c00;
  if (Abs < std::ldexp(1.0f, -14)) { // Subnormal half: units of 2^-24.
    float Units = std::nearbyint(Abs * std::ldexp(1.0f, 24));
    return Sign | uint32_t(Units);
  }
  int Exp;
  float Frac = std::frexp(Abs, &Exp); // Abs = Frac * 2^Exp, Frac in [0.5, 1).
  uint32_t Mant = uint32_t(std::nearbyint(std::ldexp(Frac, 11))); // 1024..2048
  if (Mant == 2048) {
    Mant = 1024;
    ++Exp;
  }
  return Sign | (uint32_t(Exp - 1 + 15) << 10) | (Mant - 1024);
}

// ---- classification ------------------------------------------------------
U64 isnanF(U64 A, U64, U64) { return of(int32_t(std::isnan(f32(A)))); }
U64 isinfF(U64 A, U64, U64) { return of(int32_t(std::isinf(f32(A)))); }
U64 finiteF(U64 A, U64, U64) { return of(int32_t(std::isfinite(f32(A)))); }
U64 signbitF(U64 A, U64, U64) { return of(int32_t(std::signbit(f32(A)))); }
U64 isnanD(U64 A, U64, U64) { return of(int32_t(std::isnan(f64(A)))); }
U64 isinfD(U64 A, U64, U64) { return of(int32_t(std::isinf(f64(A)))); }
U64 finiteD(U64 A, U64, U64) { return of(int32_t(std::isfinite(f64(A)))); }
U64 signbitD(U64 A, U64, U64) { return of(int32_t(std::signbit(f64(A)))); }

struct Entry {
  const char *Name;
  BitFunctionPtr Fn;
  unsigned Arity;
};

#define ROUNDS(Prefix, Fn, Int)                                                \
  {Prefix "_rn", Fn<Int, RN>, 1}, {Prefix "_rz", Fn<Int, RZ>, 1},                \
      {Prefix "_ru", Fn<Int, RU>, 1}, {Prefix "_rd", Fn<Int, RD>, 1}
#define FROM_INT(Prefix, Fn)                                                   \
  {Prefix "_rn", Fn<RN>, 1}, {Prefix "_rz", Fn<RZ>, 1}, {Prefix "_ru", Fn<RU>, 1}, \
      {Prefix "_rd", Fn<RD>, 1}

/// PTX's rounding suffixes: rn, rz, rp (up), rm (down).
#define NVVM_ROUNDS(Prefix, Fn, Int)                                           \
  {Prefix ".rn", Fn<Int, RN>, 1}, {Prefix ".rz", Fn<Int, RZ>, 1},                \
      {Prefix ".rp", Fn<Int, RU>, 1}, {Prefix ".rm", Fn<Int, RD>, 1}
#define NVVM_FROM(Prefix, Fn)                                                  \
  {Prefix ".rn", Fn<RN>, 1}, {Prefix ".rz", Fn<RZ>, 1}, {Prefix ".rp", Fn<RU>, 1}, \
      {Prefix ".rm", Fn<RD>, 1}

const Entry Table[] = {
    {"__nv_popc", popc, 1}, {"__nv_popcll", popcll, 1}, {"__nv_clz", clz, 1},
    {"__nv_clzll", clzll, 1}, {"__nv_ffs", ffs, 1}, {"__nv_ffsll", ffsll, 1},
    {"__nv_brev", brev, 1}, {"__nv_brevll", brevll, 1},
    {"__nv_byte_perm", bytePerm, 3}, {"llvm.nvvm.prmt", prmt, 3},
    {"llvm.nvvm.fns", fns, 3},
    {"__nv_mul24", mul24, 2}, {"__nv_umul24", umul24, 2}, {"__nv_mulhi", mulhi, 2},
    {"__nv_umulhi", umulhi, 2}, {"__nv_mul64hi", mul64hi, 2},
    {"__nv_umul64hi", umul64hi, 2}, {"__nv_sad", sad, 3}, {"__nv_usad", usad, 3},
    {"__nv_hadd", hadd, 2}, {"__nv_rhadd", rhadd, 2}, {"__nv_uhadd", uhadd, 2},
    {"__nv_urhadd", urhadd, 2}, {"__nv_min", smin, 2}, {"__nv_max", smax, 2},
    {"__nv_umin", umin, 2}, {"__nv_umax", umax, 2}, {"__nv_llmin", llmin, 2},
    {"__nv_llmax", llmax, 2}, {"__nv_ullmin", ullmin, 2}, {"__nv_ullmax", ullmax, 2},
    {"__nv_abs", iabs, 1}, {"__nv_llabs", llabs, 1},
    {"__nv_float_as_int", same32, 1}, {"__nv_float_as_uint", same32, 1},
    {"__nv_int_as_float", same32, 1}, {"__nv_uint_as_float", same32, 1},
    {"__nv_double_as_longlong", same64, 1}, {"__nv_longlong_as_double", same64, 1},
    {"__nv_double2hiint", hiInt, 1}, {"__nv_double2loint", loInt, 1},
    {"__nv_hiloint2double", hiLo, 2},
    ROUNDS("__nv_float2int", f2i, int32_t), ROUNDS("__nv_float2uint", f2i, uint32_t),
    ROUNDS("__nv_float2ll", f2i, int64_t), ROUNDS("__nv_float2ull", f2i, uint64_t),
    ROUNDS("__nv_double2int", d2i, int32_t), ROUNDS("__nv_double2uint", d2i, uint32_t),
    ROUNDS("__nv_double2ll", d2i, int64_t), ROUNDS("__nv_double2ull", d2i, uint64_t),
    FROM_INT("__nv_int2float", i2f), FROM_INT("__nv_uint2float", ui2f),
    FROM_INT("__nv_ll2float", ll2f), FROM_INT("__nv_ull2float", ull2f),
    FROM_INT("__nv_int2double", i2d), FROM_INT("__nv_uint2double", ui2d),
    FROM_INT("__nv_ll2double", ll2d), FROM_INT("__nv_ull2double", ull2d),
    {"__nv_isnanf", isnanF, 1}, {"__nv_isinff", isinfF, 1}, {"__nv_finitef", finiteF, 1},
    {"__nv_signbitf", signbitF, 1}, {"__nv_isnand", isnanD, 1}, {"__nv_isinfd", isinfD, 1},
    {"__nv_isfinited", finiteD, 1}, {"__nv_signbitd", signbitD, 1},
    // The NVVM intrinsics libdevice's own code calls (linked from a toolkit).
    {"llvm.nvvm.d2i.hi", hiInt, 1}, {"llvm.nvvm.d2i.lo", loInt, 1},
    {"llvm.nvvm.lohi.i2d", [](U64 Lo, U64 Hi, U64) { return hiLo(Hi, Lo, 0); }, 2},
    {"llvm.nvvm.sad.i", sad, 3}, {"llvm.nvvm.sad.ui", usad, 3},
    {"llvm.nvvm.mulhi.i", mulhi, 2}, {"llvm.nvvm.mulhi.ui", umulhi, 2},
    {"llvm.nvvm.mulhi.ll", mul64hi, 2}, {"llvm.nvvm.mulhi.ull", umul64hi, 2},
    {"llvm.nvvm.mul24.i", mul24, 2}, {"llvm.nvvm.mul24.ui", umul24, 2},
    NVVM_ROUNDS("llvm.nvvm.f2i", f2i, int32_t), NVVM_ROUNDS("llvm.nvvm.f2ui", f2i, uint32_t),
    NVVM_ROUNDS("llvm.nvvm.f2ll", f2i, int64_t), NVVM_ROUNDS("llvm.nvvm.f2ull", f2i, uint64_t),
    NVVM_ROUNDS("llvm.nvvm.d2i", d2i, int32_t), NVVM_ROUNDS("llvm.nvvm.d2ui", d2i, uint32_t),
    NVVM_ROUNDS("llvm.nvvm.d2ll", d2i, int64_t), NVVM_ROUNDS("llvm.nvvm.d2ull", d2i, uint64_t),
    NVVM_FROM("llvm.nvvm.i2f", i2f), NVVM_FROM("llvm.nvvm.ui2f", ui2f),
    NVVM_FROM("llvm.nvvm.ll2f", ll2f), NVVM_FROM("llvm.nvvm.ull2f", ull2f),
    NVVM_FROM("llvm.nvvm.i2d", i2d), NVVM_FROM("llvm.nvvm.ui2d", ui2d),
    NVVM_FROM("llvm.nvvm.ll2d", ll2d), NVVM_FROM("llvm.nvvm.ull2d", ull2d),
    NVVM_FROM("llvm.nvvm.d2f", d2f),
    {"llvm.nvvm.f2h.rn", f2h, 1},
};

} // namespace

BitFunction lookupBitFunction(StringRef Name) {
  static const StringMap<BitFunction> Map = [] {
    StringMap<BitFunction> M;
    for (const Entry &E : Table)
      M[E.Name] = {E.Fn, E.Arity};
    return M;
  }();
  auto It = Map.find(Name);
  return It == Map.end() ? BitFunction() : It->second;
}

} // namespace dm
} // namespace warplint
