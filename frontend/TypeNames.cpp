//===- TypeNames.cpp - IR types as a CUDA programmer spells them ----------===//
#include "frontend/TypeNames.h"

#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

std::string cTypeName(const llvm::Type *T) {
  if (T->isFloatTy())
    return "float";
  if (T->isDoubleTy())
    return "double";
  if (T->isHalfTy())
    return "half";
  if (T->isBFloatTy())
    return "bfloat16";
  if (const auto *I = llvm::dyn_cast<llvm::IntegerType>(T)) {
    switch (I->getBitWidth()) {
    case 8:
      return "char";
    case 16:
      return "short";
    case 32:
      return "int";
    case 64:
      return "long long";
    default:
      return formatv("i{0}", I->getBitWidth()).str();
    }
  }
  if (T->isPointerTy())
    return "pointer";
  if (const auto *S = llvm::dyn_cast<llvm::StructType>(T)) {
    if (!S->hasName())
      return "struct";
    StringRef N = S->getName();
    for (StringRef P : {"struct.", "class.", "union."})
      if (N.consume_front(P))
        return ((P == "union." ? "union " : "struct ") + N).str();
    return N.str();
  }
  if (const auto *A = llvm::dyn_cast<llvm::ArrayType>(T))
    return formatv("{0}[{1}]", cTypeName(A->getElementType()), A->getNumElements()).str();
  if (const auto *V = llvm::dyn_cast<llvm::FixedVectorType>(T))
    return formatv("{0}x{1}", cTypeName(V->getElementType()), V->getNumElements()).str();
  return "?";
}

} // namespace warplint
