//===- StructArgs.cpp - Structures passed to a kernel by value ------------===//
#include "devicemodel/StructArgs.h"
#include "frontend/TypeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DerivedTypes.h"

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// "NAME@OFFSET:KIND:BYTES[:ELEM:ELEMBYTES]" (StructFieldsAttr), or none.
std::optional<StructLeaf> parseLeaf(StringRef Text) {
  auto [Name, Rest] = Text.split('@');
  SmallVector<StringRef, 5> Parts;
  Rest.split(Parts, ':');
  StructLeaf L;
  L.Name = Name.str();
  if (Name.empty() || Parts.size() < 3 || Parts[0].getAsInteger(10, L.Offset) ||
      Parts[2].getAsInteger(10, L.Bytes) || !L.Bytes || L.Bytes > 8)
    return std::nullopt;
  StringRef Kind = Parts[1];
  L.IsPointer = Kind == "ptr";
  L.IsFloat = Kind == "float";
  L.IsSigned = Kind == "int";
  if (L.IsPointer) {
    if (Parts.size() < 5 || Parts[4].getAsInteger(10, L.ElemBytes))
      return std::nullopt;
    L.ElemType = Parts[3].str();
    L.ElemBytes = std::max(1u, L.ElemBytes);
  } else if (!L.IsFloat && Kind != "int" && Kind != "uint") {
    return std::nullopt;
  }
  return L;
}

/// T's leaves at Offset, named by position under Name.
void layoutLeaves(Type *T, uint64_t Offset, const std::string &Name, const DataLayout &DL,
                  std::vector<StructLeaf> &Out, unsigned Depth) {
  if (Depth > 8 || Out.size() > 1024)
    return;
  if (auto *ST = dyn_cast<StructType>(T)) {
    const StructLayout *SL = DL.getStructLayout(ST);
    for (unsigned I = 0; I < ST->getNumElements(); ++I)
      layoutLeaves(ST->getElementType(I), Offset + SL->getElementOffset(I),
                   (Name.empty() ? "" : Name + ".") + "f" + std::to_string(I), DL, Out,
                   Depth + 1);
    return;
  }
  if (auto *AT = dyn_cast<ArrayType>(T)) {
    uint64_t Step = DL.getTypeAllocSize(AT->getElementType());
    for (uint64_t K = 0; K < std::min<uint64_t>(AT->getNumElements(), 256); ++K)
      layoutLeaves(AT->getElementType(), Offset + K * Step,
                   Name + "[" + std::to_string(K) + "]", DL, Out, Depth + 1);
    return;
  }
  if (!T->isIntegerTy() && !T->isFloatingPointTy() && !T->isPointerTy())
    return;
  StructLeaf L;
  L.Name = Name;
  L.Offset = Offset;
  L.Bytes = DL.getTypeStoreSize(T);
  L.IsPointer = T->isPointerTy();
  L.IsFloat = T->isFloatingPointTy();
  L.ElemType = "float";
  if (L.Bytes <= 8)
    Out.push_back(std::move(L));
}

} // namespace

std::vector<StructLeaf> structLeaves(Attribute Said, Type *T, const DataLayout &DL) {
  std::vector<StructLeaf> Out;
  if (Said.isValid() && Said.isStringAttribute()) {
    for (StringRef Text : split(Said.getValueAsString(), ';'))
      if (std::optional<StructLeaf> L = parseLeaf(Text))
        Out.push_back(std::move(*L));
    if (!Out.empty())
      return Out;
  }
  layoutLeaves(T, 0, "", DL, Out, 0);
  return Out;
}

} // namespace dm
} // namespace warplint
