//===- MathFunctions.h - Native stand-ins for libdevice and LLVM math -*-C++-*-===//
#ifndef WARPLINT_DEVICEMODEL_MATHFUNCTIONS_H
#define WARPLINT_DEVICEMODEL_MATHFUNCTIONS_H

#include "llvm/ADT/StringRef.h"

namespace warplint {
namespace dm {

/// A math function the device model runs natively.
struct MathFunction {
  const void *Fn = nullptr; ///< float(*)(float[, float[, float]]) or double.
  unsigned Arity = 0;
  bool IsDouble = false;
};

/// Looks up a libdevice function (__nv_sinf, ...) or an LLVM floating-point
/// intrinsic (llvm.sqrt.f32, llvm.nvvm.fmax.f, ...). Arity 0: unknown.
MathFunction lookupMathFunction(llvm::StringRef Name);

/// NVVM's floating-point intrinsics in an explicit rounding mode, their
/// flush-to-zero variants and the approximations libdevice's code calls
/// (NvvmMath.cpp). Arity 0: unknown.
MathFunction lookupNvvmMathFunction(llvm::StringRef Name);

} // namespace dm
} // namespace warplint

#endif
