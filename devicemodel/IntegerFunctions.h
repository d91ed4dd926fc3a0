//===- IntegerFunctions.h - Native stand-ins for libdevice's bit functions ===//
//
// libdevice's integer, bit and conversion functions (`__nv_popc`,
// `__nv_byte_perm`, `__nv_float2int_ru`, `__nv_double2hiint`, ...) that the
// CUDA headers' `__popc`, `__byte_perm`, `__float2int_ru`, ... call, and the
// NVVM intrinsics that do the same (`llvm.nvvm.prmt`), implemented natively
// as PTX defines them: each takes and returns raw bits (zero-extended, as the
// interpreter keeps every value), so that one kind of instruction runs them
// all. tests/lit/run/integer-intrinsics.cu compares them with an H100.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_INTEGERFUNCTIONS_H
#define WARPLINT_DEVICEMODEL_INTEGERFUNCTIONS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace warplint {
namespace dm {

/// A function of up to three raw-bit arguments.
using BitFunctionPtr = uint64_t (*)(uint64_t, uint64_t, uint64_t);

struct BitFunction {
  BitFunctionPtr Fn = nullptr;
  unsigned Arity = 0; ///< 0: not found.
};

/// The native implementation of the libdevice function or NVVM intrinsic
/// Name, or none.
BitFunction lookupBitFunction(llvm::StringRef Name);

} // namespace dm
} // namespace warplint

#endif
