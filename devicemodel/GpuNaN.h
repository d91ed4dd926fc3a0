//===- GpuNaN.h - NaN results as an H100 writes them -------------*- C++ -*-===//
//
// What sm_90 writes where a floating-point result is NaN, measured on an H100
// (tests/hardware/h100/nan-propagation.txt, nvcc -arch=sm_90, CUDA 13.0),
// where the host's IEEE arithmetic writes something else:
//   * f32 arithmetic (add, sub, mul, div, fma, rem, neg, abs, sqrt, the math
//     functions) writes every NaN as the canonical 0x7fffffff, whatever the
//     inputs' payloads (x86 keeps the first NaN's, or writes 0xffc00000);
//   * f64 add, sub, mul and fma keep an input NaN's payload, quieted, the
//     second operand's where both are NaN (x86: the first's); fma looks at
//     its multiplicands first. f64 div keeps the dividend's, then the
//     divisor's (as x86 does); a NaN made from numbers is 0xfff8000000000000;
//   * min and max (fminf, fmin, llvm.minnum/maxnum) return the other operand
//     where one is NaN, signaling or quiet (glibc's fmin gives NaN for a
//     signaling one), order -0 below +0, and where both are NaN write
//     0x7fffffff (f32) or the second operand quieted (f64).
// Conversions between f32 and f64 keep the payload, as the host does.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_GPUNAN_H
#define WARPLINT_DEVICEMODEL_GPUNAN_H

#include "llvm/ADT/bit.h"

#include <cmath>
#include <cstdint>

namespace warplint {
namespace dm {

/// The canonical NaN of sm_90's f32 arithmetic.
constexpr uint32_t CanonicalNaN32 = 0x7fffffffu;

/// The bits of f32 result R, a NaN written as CanonicalNaN32.
inline uint64_t canonicalBits32(float R) {
  return std::isnan(R) ? CanonicalNaN32 : llvm::bit_cast<uint32_t>(R);
}

/// NaN X with its quiet bit set.
inline double quietNaN64(double X) {
  return llvm::bit_cast<double>(llvm::bit_cast<uint64_t>(X) | 0x0008000000000000ull);
}

/// R, the host's f64 add/sub/mul of A and B, with the NaN an H100 writes:
/// B's where B is NaN, else A's (quieted); a NaN made from numbers as is.
inline double propagateNaN64(double A, double B, double R) {
  if (std::isnan(B))
    return quietNaN64(B);
  if (std::isnan(A))
    return quietNaN64(A);
  return R;
}

/// f64 fma(A, B, C) as an H100 writes it: B's NaN, else A's, else C's.
inline double fma64(double A, double B, double C) {
  double R = std::fma(A, B, C);
  if (!std::isnan(R))
    return R;
  if (std::isnan(A) || std::isnan(B))
    return propagateNaN64(A, B, R);
  return std::isnan(C) ? quietNaN64(C) : R;
}

/// min (Max false) or max of X and Y as sm_90's min/max.f32/.f64 are: a NaN
/// operand ignored, -0 below +0, two NaNs the f32 canonical NaN or Y quieted.
template <class T> T minMaxNum(T X, T Y, bool Max) {
  if (std::isnan(X) || std::isnan(Y)) {
    if (!std::isnan(X))
      return X;
    if (!std::isnan(Y))
      return Y;
    if constexpr (sizeof(T) == 4)
      return llvm::bit_cast<float>(CanonicalNaN32);
    else
      return quietNaN64(Y);
  }
  if (X == Y) // +0 and -0: the sign bits or'ed (min) or and'ed (max).
    return std::signbit(X) == Max ? Y : X;
  return (X < Y) != Max ? X : Y;
}

} // namespace dm
} // namespace warplint

#endif
