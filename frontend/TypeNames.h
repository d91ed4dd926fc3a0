//===- TypeNames.h - IR types as a CUDA programmer spells them --*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_TYPENAMES_H
#define WARPLINT_FRONTEND_TYPENAMES_H

#include "llvm/IR/Type.h"

#include <string>

namespace warplint {

/// The C spelling of an IR element type: "float", "double", "int" (any i32),
/// "char", "short", "long long", "half", "struct Pair", "float[4]" ...
std::string cTypeName(const llvm::Type *T);

} // namespace warplint

#endif
