//===- TensorAccessors.cpp - PyTorch's packed accessors as kernel arguments ===//
#include "analyzer/TensorAccessors.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace warplint {

namespace {

/// The layout of a packed accessor: the sizes' and strides' offsets, the
/// rank and the width of one index.
struct AccessorLayout {
  uint64_t SizesOffset = 0, StridesOffset = 0;
  unsigned Rank = 0;
  uint64_t IndexBytes = 0;
};

std::optional<AccessorLayout> layoutOf(const Argument &A, const DataLayout &DL) {
  if (!A.hasByValAttr())
    return std::nullopt;
  auto *ST = dyn_cast_or_null<StructType>(A.getParamByValType());
  if (!ST || !ST->hasName() || !ST->getName().contains("GenericPackedTensorAccessor"))
    return std::nullopt;
  // torch's accessor holds its fields in a base class: a struct of one
  // struct, at offset 0.
  while (ST->getNumElements() == 1 && isa<StructType>(ST->getElementType(0)))
    ST = cast<StructType>(ST->getElementType(0));
  if (ST->getNumElements() != 3 || !ST->getElementType(0)->isPointerTy())
    return std::nullopt;
  auto *Sizes = dyn_cast<ArrayType>(ST->getElementType(1));
  auto *Strides = dyn_cast<ArrayType>(ST->getElementType(2));
  if (!Sizes || !Strides || Sizes != Strides || !Sizes->getElementType()->isIntegerTy() ||
      !Sizes->getNumElements())
    return std::nullopt;
  const StructLayout *SL = DL.getStructLayout(ST);
  AccessorLayout L;
  L.SizesOffset = SL->getElementOffset(1);
  L.StridesOffset = SL->getElementOffset(2);
  L.Rank = Sizes->getNumElements();
  L.IndexBytes = DL.getTypeAllocSize(Sizes->getElementType());
  return L;
}

} // namespace

std::optional<AccessorField> accessorField(const LoadInst &L) {
  const Function *F = L.getFunction();
  if (!F || !L.getType()->isIntegerTy())
    return std::nullopt;
  const DataLayout &DL = F->getParent()->getDataLayout();
  APInt Offset(DL.getIndexTypeSizeInBits(L.getPointerOperandType()), 0);
  const Value *Base =
      L.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
  const auto *A = dyn_cast<Argument>(Base);
  if (!A || Offset.isNegative())
    return std::nullopt;
  std::optional<AccessorLayout> Layout = layoutOf(*A, DL);
  if (!Layout || DL.getTypeStoreSize(L.getType()) != Layout->IndexBytes)
    return std::nullopt;
  uint64_t O = Offset.getZExtValue();
  for (bool Stride : {false, true}) {
    uint64_t First = Stride ? Layout->StridesOffset : Layout->SizesOffset;
    if (O < First || (O - First) % Layout->IndexBytes)
      continue;
    uint64_t Dim = (O - First) / Layout->IndexBytes;
    if (Dim < Layout->Rank)
      return AccessorField{A, Layout->Rank, unsigned(Dim), Stride};
  }
  return std::nullopt;
}

} // namespace warplint
