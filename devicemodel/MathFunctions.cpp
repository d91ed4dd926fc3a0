//===- MathFunctions.cpp - Native stand-ins for libdevice and LLVM math ---===//
#include "devicemodel/MathFunctions.h"

#include "devicemodel/GpuNaN.h"

#include "llvm/ADT/StringMap.h"

#include <cmath>

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

float rsqrtF(float X) { return 1.0f / std::sqrt(X); }
double rsqrtD(double X) { return 1.0 / std::sqrt(X); }
float exp10F(float X) { return std::pow(10.0f, X); }
double exp10D(double X) { return std::pow(10.0, X); }
float rcpF(float X) { return 1.0f / X; }
double rcpD(double X) { return 1.0 / X; }
/// cvt.sat / __saturatef: clamped to [0, 1], NaN to +0.
float saturateF(float X) { return !(X > 0.0f) ? 0.0f : (X > 1.0f ? 1.0f : X); }
float divF(float X, float Y) { return X / Y; }
double divD(double X, double Y) { return X / Y; }
float minimumF(float X, float Y) {
  return std::isnan(X) || std::isnan(Y) ? NAN : minMaxNum(X, Y, false);
}
float maximumF(float X, float Y) {
  return std::isnan(X) || std::isnan(Y) ? NAN : minMaxNum(X, Y, true);
}
double minimumD(double X, double Y) {
  return std::isnan(X) || std::isnan(Y) ? NAN : minMaxNum(X, Y, false);
}
double maximumD(double X, double Y) {
  return std::isnan(X) || std::isnan(Y) ? NAN : minMaxNum(X, Y, true);
}
/// min.f32/max.f32/.f64 (fminf, fmin, llvm.minnum): GpuNaN.h's minMaxNum.
float minNumF(float X, float Y) { return minMaxNum(X, Y, false); }
float maxNumF(float X, float Y) { return minMaxNum(X, Y, true); }
double minNumD(double X, double Y) { return minMaxNum(X, Y, false); }
double maxNumD(double X, double Y) { return minMaxNum(X, Y, true); }
float roundEvenF(float X) { return std::nearbyint(X); }
double roundEvenD(double X) { return std::nearbyint(X); }
float fmaF(float A, float B, float C) { return std::fma(A, B, C); }
double fmaD(double A, double B, double C) { return fma64(A, B, C); }
float fmodF(float X, float Y) { return std::fmod(X, Y); }
double fmodD(double X, double Y) { return std::fmod(X, Y); }

struct Entry {
  const char *Name;
  const void *Fn;
  unsigned Arity;
  bool IsDouble;
};

#define F1(N, FN) {N, (const void *)static_cast<float (*)(float)>(FN), 1, false}
#define D1(N, FN) {N, (const void *)static_cast<double (*)(double)>(FN), 1, true}
#define F2(N, FN) {N, (const void *)static_cast<float (*)(float, float)>(FN), 2, false}
#define D2(N, FN) {N, (const void *)static_cast<double (*)(double, double)>(FN), 2, true}
#define LIB(Base)                                                              \
  F1("__nv_" #Base "f", std::Base), D1("__nv_" #Base, std::Base)
#define LIB2(Base)                                                             \
  F2("__nv_" #Base "f", std::Base), D2("__nv_" #Base, std::Base)
#define LLVM1(Base, FN)                                                        \
  F1("llvm." Base ".f32", FN), D1("llvm." Base ".f64", FN)
#define LLVM2(Base, FN)                                                        \
  F2("llvm." Base ".f32", FN), D2("llvm." Base ".f64", FN)

const Entry Table[] = {
    LIB(sqrt), LIB(cbrt), LIB(exp), LIB(exp2), LIB(expm1), LIB(log),
    LIB(log2), LIB(log10), LIB(log1p), LIB(sin), LIB(cos), LIB(tan),
    LIB(asin), LIB(acos), LIB(atan), LIB(sinh), LIB(cosh), LIB(tanh),
    LIB(erf), LIB(erfc), LIB(floor), LIB(ceil), LIB(round), LIB(trunc),
    LIB(fabs), LIB(rint), LIB(nearbyint), LIB(asinh), LIB(acosh), LIB(atanh),
    LIB(tgamma), LIB(lgamma),
    LIB2(pow), LIB2(atan2), LIB2(hypot), F2("__nv_fminf", minNumF), F2("__nv_fmaxf", maxNumF),
    D2("__nv_fmin", minNumD), D2("__nv_fmax", maxNumD),
    LIB2(copysign), LIB2(fdim), LIB2(remainder),
    F2("__nv_fmodf", fmodF), D2("__nv_fmod", fmodD),
    F1("__nv_rsqrtf", rsqrtF), D1("__nv_rsqrt", rsqrtD),
    F1("__nv_exp10f", exp10F), D1("__nv_exp10", exp10D),
    F1("__nv_fast_expf", std::exp), F1("__nv_fast_logf", std::log),
    F1("__nv_fast_log2f", std::log2), F1("__nv_fast_log10f", std::log10),
    F1("__nv_fast_sinf", std::sin), F1("__nv_fast_cosf", std::cos),
    F1("__nv_fast_tanf", std::tan), F2("__nv_fast_powf", std::pow),
    F1("__nv_fast_exp10f", exp10F), F1("__nv_saturatef", saturateF),
    F2("__nv_fdividef", divF), F2("__nv_fast_fdividef", divF),
    {"__nv_fmaf", (const void *)fmaF, 3, false},
    {"__nv_fma", (const void *)fmaD, 3, true},
    LLVM1("sqrt", std::sqrt), LLVM1("fabs", std::fabs), LLVM1("floor", std::floor),
    LLVM1("ceil", std::ceil), LLVM1("trunc", std::trunc), LLVM1("rint", std::rint),
    LLVM1("nearbyint", std::nearbyint), LLVM1("round", std::round),
    LLVM1("exp", std::exp), LLVM1("exp2", std::exp2), LLVM1("log", std::log),
    LLVM1("log2", std::log2), LLVM1("log10", std::log10), LLVM1("sin", std::sin),
    LLVM1("cos", std::cos), LLVM1("tan", std::tan),
    F1("llvm.roundeven.f32", roundEvenF), D1("llvm.roundeven.f64", roundEvenD),
    F2("llvm.minnum.f32", minNumF), D2("llvm.minnum.f64", minNumD),
    F2("llvm.maxnum.f32", maxNumF), D2("llvm.maxnum.f64", maxNumD),
    F2("llvm.minimumnum.f32", minNumF), D2("llvm.minimumnum.f64", minNumD),
    F2("llvm.maximumnum.f32", maxNumF), D2("llvm.maximumnum.f64", maxNumD),
    LLVM2("copysign", std::copysign), LLVM2("pow", std::pow),
    F2("llvm.minimum.f32", minimumF), F2("llvm.maximum.f32", maximumF),
    D2("llvm.minimum.f64", minimumD), D2("llvm.maximum.f64", maximumD),
    {"llvm.fma.f32", (const void *)fmaF, 3, false},
    {"llvm.fma.f64", (const void *)fmaD, 3, true},
    {"llvm.fmuladd.f32", (const void *)fmaF, 3, false},
    {"llvm.fmuladd.f64", (const void *)fmaD, 3, true},
    F2("llvm.nvvm.fmin.f", minNumF), F2("llvm.nvvm.fmax.f", maxNumF),
    F2("llvm.nvvm.fmin.ftz.f", minNumF), F2("llvm.nvvm.fmax.ftz.f", maxNumF),
    D2("llvm.nvvm.fmin.d", minNumD), D2("llvm.nvvm.fmax.d", maxNumD),
    F1("llvm.nvvm.sqrt.f", std::sqrt), F1("llvm.nvvm.sqrt.rn.f", std::sqrt),
    F1("llvm.nvvm.sqrt.approx.f", std::sqrt), F1("llvm.nvvm.sqrt.approx.ftz.f", std::sqrt),
    D1("llvm.nvvm.sqrt.rn.d", std::sqrt),
    F1("llvm.nvvm.rsqrt.approx.f", rsqrtF), F1("llvm.nvvm.rsqrt.approx.ftz.f", rsqrtF),
    D1("llvm.nvvm.rsqrt.approx.d", rsqrtD),
    F1("llvm.nvvm.rcp.rn.f", rcpF), F1("llvm.nvvm.rcp.approx.ftz.f", rcpF),
    D1("llvm.nvvm.rcp.rn.d", rcpD),
    F2("llvm.nvvm.div.rn.f", divF), F2("llvm.nvvm.div.approx.f", divF),
    F2("llvm.nvvm.div.approx.ftz.f", divF), D2("llvm.nvvm.div.rn.d", divD),
    F1("llvm.nvvm.ex2.approx.f", std::exp2), F1("llvm.nvvm.ex2.approx.ftz.f", std::exp2),
    F1("llvm.nvvm.lg2.approx.f", std::log2), F1("llvm.nvvm.lg2.approx.ftz.f", std::log2),
    F1("llvm.nvvm.sin.approx.f", std::sin), F1("llvm.nvvm.sin.approx.ftz.f", std::sin),
    F1("llvm.nvvm.cos.approx.f", std::cos), F1("llvm.nvvm.cos.approx.ftz.f", std::cos),
    F1("llvm.nvvm.fabs.f", std::fabs), F1("llvm.nvvm.saturate.f", saturateF),
    F1("llvm.nvvm.saturate.ftz.f", saturateF),
};

} // namespace

MathFunction lookupMathFunction(StringRef Name) {
  for (const Entry &E : Table)
    if (Name == E.Name)
      return {E.Fn, E.Arity, E.IsDouble};
  return lookupNvvmMathFunction(Name);
}

} // namespace dm
} // namespace warplint
