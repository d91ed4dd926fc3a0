//===- SharedMemory.cpp - The __shared__ variables of a kernel ------------===//
#include "analyzer/SharedMemory.h"

#include "frontend/DeviceModule.h"
#include "frontend/TypeNames.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Alignment.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {

namespace {

/// The shared globals inside a constant expression (addrspacecast, GEP).
void sharedGlobalsIn(const Value *V, SmallPtrSetImpl<const Value *> &Seen,
                     SmallVectorImpl<const GlobalVariable *> &Out) {
  if (!Seen.insert(V).second)
    return;
  if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
    if (GV->getAddressSpace() == AS_Shared)
      Out.push_back(GV);
    return;
  }
  if (const auto *CE = dyn_cast<ConstantExpr>(V))
    for (const Use &Op : CE->operands())
      sharedGlobalsIn(Op.get(), Seen, Out);
}

/// The variable's name in the source: the last component of the demangled
/// name ("transpose(float*, float*)::tile" -> "tile").
std::string variableName(const GlobalVariable &GV) {
  std::string Name = sourceNameOf(GV.getName());
  size_t Colon = Name.rfind("::");
  return Colon == std::string::npos ? Name : Name.substr(Colon + 2);
}

const Type *innermostElement(const Type *T) {
  while (const auto *A = dyn_cast<ArrayType>(T))
    T = A->getElementType();
  return T;
}

} // namespace


SharedMemoryUse SharedMemoryUse::analyze(const Function &Kernel) {
  SharedMemoryUse R;
  SetVector<const Function *> Funcs;
  Funcs.insert(&Kernel);
  SmallPtrSet<const Value *, 32> Seen;
  for (size_t I = 0; I < Funcs.size(); ++I)
    for (const Instruction &Inst : instructions(*Funcs[I])) {
      if (isa<DbgInfoIntrinsic>(Inst))
        continue;
      if (const auto *CB = dyn_cast<CallBase>(&Inst))
        if (const Function *Callee = CB->getCalledFunction())
          if (!Callee->isDeclaration())
            Funcs.insert(Callee);
      for (const Use &Op : Inst.operands()) {
        SmallVector<const GlobalVariable *, 2> Found;
        sharedGlobalsIn(Op.get(), Seen, Found);
        for (const GlobalVariable *GV : Found) {
          SharedVariable V;
          V.GV = GV;
          V.Name = variableName(*GV);
          V.Extern = GV->isDeclaration();
          const DataLayout &DL = GV->getDataLayout();
          V.Bytes = V.Extern ? 0 : DL.getTypeAllocSize(GV->getValueType()).getFixedValue();
          V.Align = GV->getAlign() ? GV->getAlign()->value()
                                   : DL.getABITypeAlign(GV->getValueType()).value();
          V.ElementType = cTypeName(innermostElement(GV->getValueType()));
          V.FirstUse = userLocation(Inst);
          R.Vars.push_back(std::move(V));
        }
      }
    }
  for (const SharedVariable &V : R.Vars)
    if (!V.Extern)
      R.StaticBytes = alignTo(R.StaticBytes, V.Align) + V.Bytes;
  return R;
}

std::vector<const SharedVariable *> SharedMemoryUse::externArrays() const {
  std::vector<const SharedVariable *> Out;
  for (const SharedVariable &V : Vars)
    if (V.Extern)
      Out.push_back(&V);
  return Out;
}

const SharedVariable *SharedMemoryUse::variableOf(const Value *Ptr) const {
  const Value *O = getUnderlyingObject(Ptr, /*MaxLookup=*/12);
  for (const SharedVariable &V : Vars)
    if (V.GV == O)
      return &V;
  return nullptr;
}

void SharedMemoryUse::print(raw_ostream &OS) const {
  OS << "shared memory: " << StaticBytes << " bytes static\n";
  for (const SharedVariable &V : Vars) {
    OS << "  " << V.Name << ": " << V.ElementType;
    if (V.Extern)
      OS << " extern (dynamic, offset 0)";
    else
      OS << ", " << V.Bytes << " bytes";
    if (V.FirstUse.valid())
      OS << ", first used at " << V.FirstUse.File << ":" << V.FirstUse.Line;
    OS << "\n";
  }
}

} // namespace warplint
