//===- TensorAccessors.cpp - PyTorch's packed accessors as kernel arguments ===//
#include "analyzer/TensorAccessors.h"

#include "analyzer/ThreadIndexModel.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

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

unsigned accessorRank(const Argument &A) {
  const Function *F = A.getParent();
  if (!F)
    return 0;
  std::optional<AccessorLayout> L = layoutOf(A, F->getParent()->getDataLayout());
  return L ? L->Rank : 0;
}

uint64_t contiguousStrideOf(unsigned Dim, unsigned Rank, uint64_t Size) {
  uint64_t Stride = 1;
  for (unsigned D = Dim + 1; D < Rank; ++D)
    Stride *= Size;
  return Stride;
}

std::optional<AccessorField> accessorField(const LoadInst &L) {
  const Function *F = L.getFunction();
  auto *Vector = dyn_cast<FixedVectorType>(L.getType());
  Type *Elem = Vector ? Vector->getElementType() : L.getType();
  if (!F || !Elem->isIntegerTy())
    return std::nullopt;
  unsigned Elements = Vector ? Vector->getNumElements() : 1;
  const DataLayout &DL = F->getParent()->getDataLayout();
  APInt Offset(DL.getIndexTypeSizeInBits(L.getPointerOperandType()), 0);
  const Value *Base =
      L.getPointerOperand()->stripAndAccumulateConstantOffsets(DL, Offset, /*AllowNonInbounds=*/true);
  const auto *A = dyn_cast<Argument>(Base);
  if (!A || Offset.isNegative())
    return std::nullopt;
  std::optional<AccessorLayout> Layout = layoutOf(*A, DL);
  if (!Layout || DL.getTypeStoreSize(Elem) != Layout->IndexBytes)
    return std::nullopt;
  uint64_t O = Offset.getZExtValue();
  for (bool Stride : {false, true}) {
    uint64_t First = Stride ? Layout->StridesOffset : Layout->SizesOffset;
    if (O < First || (O - First) % Layout->IndexBytes)
      continue;
    uint64_t Dim = (O - First) / Layout->IndexBytes;
    if (Dim + Elements <= Layout->Rank)
      return AccessorField{A, Layout->Rank, unsigned(Dim), Stride, Elements};
  }
  return std::nullopt;
}

// The thread-index model's use of them (ThreadIndexModel.h).

void ThreadIndexModel::noteAccessorField(const LoadInst &L, unsigned Bit) {
  std::optional<AccessorField> Field = accessorField(L);
  // Past 63 unknowns the bits are shared: nothing is one field's.
  if (!Field || Bit >= 63 || !Field->IsStride)
    return;
  bool First = none_of(AccessorStrides, [&](const auto &KV) { return KV.second.Arg == Field->Arg; });
  AccessorStrides[Bit] = *Field;
  if (First)
    Assumptions.push_back(
        formatv("the tensor accessor '{0}' is taken to view a contiguous tensor: strides[{1}] "
                "= 1, strides[i] = strides[i+1] * sizes[i+1], each size sampled as an "
                "unknown argument is",
                Field->Arg->getName(), Field->Rank - 1)
            .str());
}

uint64_t ThreadIndexModel::contiguousStride(unsigned A, const AccessorField &S) const {
  // Every size the argument sample's value, as the device model's confirming
  // run gives them (a size the kernel loads is sampled as an unknown of its
  // own: only the strides' shape is assumed).
  return contiguousStrideOf(S.Dim, S.Rank, argValue(A));
}

} // namespace warplint
