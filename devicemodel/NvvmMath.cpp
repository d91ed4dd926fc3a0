//===- NvvmMath.cpp - NVVM's floating-point intrinsics, natively ----------===//
//
// The floating-point NVVM intrinsics that libdevice's code calls once linked
// from a toolkit (frontend/Libdevice.h) and that LLVM's optimizer leaves:
// arithmetic in an explicit rounding mode (`llvm.nvvm.add.rz.f`,
// `llvm.nvvm.fma.rp.d`, `llvm.nvvm.sqrt.rm.f`, ...), operations that must not
// be fused (`mul.rn`, `add.rn`), flush-to-zero variants and approximations
// (computed exactly: libdevice refines them, and the CUDA guide bounds the
// `__expf`-style intrinsics' error, not their bits).
//
//===----------------------------------------------------------------------===//
#include "devicemodel/MathFunctions.h"

#include "devicemodel/GpuNaN.h"

#include <cfenv>
#include <cmath>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// The host's rounding mode set to Mode for one operation. The operands are
/// read and the result written through volatile, so the compiler keeps the
/// operation between the mode's change and its restoration.
class RoundingScope {
public:
  explicit RoundingScope(int Mode) : Saved(std::fegetround()) { std::fesetround(Mode); }
  ~RoundingScope() { std::fesetround(Saved); }

private:
  int Saved;
};

template <class T, int Mode> T addR(T A, T B) {
  RoundingScope S(Mode);
  volatile T X = A, Y = B;
  volatile T R = X + Y;
  if constexpr (sizeof(T) == 8) // The NaN an H100 writes (GpuNaN.h).
    return propagateNaN64(A, B, R);
  return R;
}
template <class T, int Mode> T mulR(T A, T B) {
  RoundingScope S(Mode);
  volatile T X = A, Y = B;
  volatile T R = X * Y;
  if constexpr (sizeof(T) == 8) // The NaN an H100 writes (GpuNaN.h).
    return propagateNaN64(A, B, R);
  return R;
}
template <class T, int Mode> T divR(T A, T B) {
  RoundingScope S(Mode);
  volatile T X = A, Y = B;
  volatile T R = X / Y;
  return R;
}
template <class T, int Mode> T rcpR(T A) { return divR<T, Mode>(T(1), A); }
template <class T, int Mode> T sqrtR(T A) {
  RoundingScope S(Mode);
  volatile T X = A;
  volatile T R = std::sqrt(X);
  return R;
}
template <class T, int Mode> T fmaR(T A, T B, T C) {
  RoundingScope S(Mode);
  volatile T X = A, Y = B, Z = C;
  volatile T R = std::fma(X, Y, Z);
  if constexpr (sizeof(T) == 8)
    if (std::isnan(R))
      return fma64(A, B, C);
  return R;
}

/// A subnormal float as the zero of its sign (.ftz).
float flush(float X) { return std::fpclassify(X) == FP_SUBNORMAL ? std::copysign(0.0f, X) : X; }
template <float (*F)(float)> float ftz1(float X) { return flush(F(flush(X))); }
template <float (*F)(float, float)> float ftz2(float X, float Y) {
  return flush(F(flush(X), flush(Y)));
}
template <float (*F)(float, float, float)> float ftz3(float X, float Y, float Z) {
  return flush(F(flush(X), flush(Y), flush(Z)));
}

float absF(float X) { return std::fabs(X); }
double absD(double X) { return std::fabs(X); }
float ex2F(float X) { return std::exp2(X); }
float tanhF(float X) { return std::tanh(X); }
double tanhD(double X) { return std::tanh(X); }
/// cvt.rni: to the nearest integer, ties to even.
float rniF(float X) { return std::nearbyint(X); }
double rniD(double X) { return std::nearbyint(X); }
double rcpD(double X) { return 1.0 / X; }
double rsqrtD(double X) { return 1.0 / std::sqrt(X); }
float plainAddF(float A, float B) { return A + B; }
double plainAddD(double A, double B) { return A + B; }
float plainMulF(float A, float B) { return A * B; }
double plainMulD(double A, double B) { return A * B; }

struct Entry {
  const char *Name;
  const void *Fn;
  unsigned Arity;
  bool IsDouble;
};

#define FN(N, Fn, Arity, D) {N, reinterpret_cast<const void *>(Fn), Arity, D}
/// NAME.rz/.rm/.rp (.f and .ftz.f, .d) of a rounding template.
#define DIRECTED(Base, Tmpl, Arity)                                            \
  FN("llvm.nvvm." Base ".rz.f", (Tmpl<float, FE_TOWARDZERO>), Arity, false),     \
      FN("llvm.nvvm." Base ".rm.f", (Tmpl<float, FE_DOWNWARD>), Arity, false),   \
      FN("llvm.nvvm." Base ".rp.f", (Tmpl<float, FE_UPWARD>), Arity, false),     \
      FN("llvm.nvvm." Base ".rn.f", (Tmpl<float, FE_TONEAREST>), Arity, false),  \
      FN("llvm.nvvm." Base ".rz.ftz.f", (ftz##Arity<Tmpl<float, FE_TOWARDZERO>>), Arity, false), \
      FN("llvm.nvvm." Base ".rm.ftz.f", (ftz##Arity<Tmpl<float, FE_DOWNWARD>>), Arity, false), \
      FN("llvm.nvvm." Base ".rp.ftz.f", (ftz##Arity<Tmpl<float, FE_UPWARD>>), Arity, false), \
      FN("llvm.nvvm." Base ".rn.ftz.f", (ftz##Arity<Tmpl<float, FE_TONEAREST>>), Arity, false), \
      FN("llvm.nvvm." Base ".rz.d", (Tmpl<double, FE_TOWARDZERO>), Arity, true), \
      FN("llvm.nvvm." Base ".rm.d", (Tmpl<double, FE_DOWNWARD>), Arity, true),   \
      FN("llvm.nvvm." Base ".rp.d", (Tmpl<double, FE_UPWARD>), Arity, true),     \
      FN("llvm.nvvm." Base ".rn.d", (Tmpl<double, FE_TONEAREST>), Arity, true)

const Entry Table[] = {
    DIRECTED("add", addR, 2), DIRECTED("mul", mulR, 2), DIRECTED("div", divR, 2),
    DIRECTED("rcp", rcpR, 1), DIRECTED("sqrt", sqrtR, 1), DIRECTED("fma", fmaR, 3),
    FN("llvm.nvvm.fabs.f32", absF, 1, false), FN("llvm.nvvm.fabs.ftz.f32", ftz1<absF>, 1, false),
    FN("llvm.nvvm.fabs.f64", absD, 1, true), FN("llvm.nvvm.fabs.ftz.f", ftz1<absF>, 1, false),
    FN("llvm.nvvm.ex2.approx.f32", ex2F, 1, false),
    FN("llvm.nvvm.ex2.approx.ftz.f32", ftz1<ex2F>, 1, false),
    FN("llvm.nvvm.rcp.approx.ftz.d", rcpD, 1, true),
    FN("llvm.nvvm.rsqrt.approx.ftz.d", rsqrtD, 1, true),
    FN("llvm.nvvm.round.f", rniF, 1, false), FN("llvm.nvvm.round.ftz.f", ftz1<rniF>, 1, false),
    FN("llvm.nvvm.round.d", rniD, 1, true),
    FN("llvm.tanh.f32", tanhF, 1, false), FN("llvm.tanh.f64", tanhD, 1, true),
    FN("llvm.nvvm.tanh.approx.f32", tanhF, 1, false),
    FN("llvm.nvvm.add.f", plainAddF, 2, false), FN("llvm.nvvm.add.d", plainAddD, 2, true),
    FN("llvm.nvvm.mul.f", plainMulF, 2, false), FN("llvm.nvvm.mul.d", plainMulD, 2, true),
};

} // namespace

MathFunction lookupNvvmMathFunction(StringRef Name) {
  for (const Entry &E : Table)
    if (Name == E.Name)
      return {E.Fn, E.Arity, E.IsDouble};
  return {};
}

} // namespace dm
} // namespace warplint
