//===- DecodeParams.cpp - A kernel's parameters as a launch fills them ----===//
#include "devicemodel/ProgramDecoder.h"

#include "devicemodel/StructArgs.h"
#include "frontend/DeviceModule.h"
#include "frontend/TypeNames.h"

#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace warplint {
namespace dm {
namespace {

/// The constant C of a byte offset X * C or X << log2(C) (through integer
/// casts), or 0.
uint64_t byteStride(const Value *Offset) {
  while (const auto *Cast = dyn_cast<CastInst>(Offset))
    Offset = Cast->getOperand(0);
  const auto *BO = dyn_cast<BinaryOperator>(Offset);
  const auto *C = BO ? dyn_cast<ConstantInt>(BO->getOperand(1)) : nullptr;
  if (!C || C->getBitWidth() > 64)
    return 0;
  if (BO->getOpcode() == Instruction::Mul)
    return C->getZExtValue();
  if (BO->getOpcode() == Instruction::Shl && C->getZExtValue() < 16)
    return uint64_t(1) << C->getZExtValue();
  return 0;
}

/// Infers the element type of a pointer parameter from how it is used; for
/// a class whose size nothing tells (Class), from the stride of its indexing.
void inferPointee(const Argument &A, const DataLayout &DL, ParamInfo &P, bool Class) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 16> Seen;
  Type *FromAccess = nullptr;
  uint64_t FromStride = 0;
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      if (auto *GEP = dyn_cast<GEPOperator>(U)) {
        if (GEP->getPointerOperand() != V)
          continue;
        Type *T = GEP->getSourceElementType();
        if (!T->isIntegerTy(8) || GEP->getNumIndices() != 1) {
          P.Bytes = DL.getTypeAllocSize(T);
          P.ElemType = cTypeName(T);
          return;
        }
        if (Class && !FromStride)
          FromStride = byteStride(GEP->getOperand(1));
        Work.push_back(GEP);
      } else if (isa<AddrSpaceCastInst>(U) || isa<BitCastInst>(U)) {
        Work.push_back(U);
      } else if (auto *L = dyn_cast<LoadInst>(U)) {
        FromAccess = FromAccess ? FromAccess : L->getType();
      } else if (auto *S = dyn_cast<StoreInst>(U)) {
        if (S->getPointerOperand() == V && !FromAccess)
          FromAccess = S->getValueOperand()->getType();
      } else if (auto *RMW = dyn_cast<AtomicRMWInst>(U)) {
        FromAccess = FromAccess ? FromAccess : RMW->getType();
      }
    }
  }
  if (Class && FromStride) { // A class of unknown size: the stride between threads.
    P.Bytes = FromStride;
    return;
  }
  if (FromAccess) {
    // A vector load or store moves one element of a vector type.
    P.Bytes = DL.getTypeAllocSize(FromAccess);
    P.ElemType = cTypeName(FromAccess);
  }
}

/// The type of a call through pointer A, or null when the code does not
/// call through it: directly, or through what carries A's value on (casts,
/// to an integer and back too, offsets, selects and phis that may pick it,
/// and loads of a local variable it is stored into), as `(c ? f : g)(x)`,
/// `((fn)(void *)f)(x)` and `h = f < g ? f : g; h(x)` call through A.
FunctionType *calledThrough(const Argument &A) {
  SmallVector<const Value *, 8> Work{&A};
  SmallPtrSet<const Value *, 16> Seen{&A};
  auto follow = [&](const Value *V) {
    if (Seen.insert(V).second)
      Work.push_back(V);
  };
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    for (const User *U : V->users()) {
      if (const auto *CB = dyn_cast<CallBase>(U); CB && CB->getCalledOperand() == V)
        return CB->getFunctionType();
      if (isa<CastInst>(U) || isa<FreezeInst>(U) || isa<PHINode>(U) ||
          (isa<BinaryOperator>(U) && U->getType()->isIntegerTy()))
        follow(U);
      else if (const auto *GEP = dyn_cast<GEPOperator>(U); GEP && GEP->getPointerOperand() == V)
        follow(U);
      else if (const auto *Sel = dyn_cast<SelectInst>(U); Sel && Sel->getCondition() != V)
        follow(U);
      else if (const auto *CE = dyn_cast<ConstantExpr>(U); CE && CE->isCast())
        follow(U);
      else if (const auto *S = dyn_cast<StoreInst>(U); S && S->getValueOperand() == V)
        if (const auto *Slot = dyn_cast<AllocaInst>(S->getPointerOperand()->stripInBoundsOffsets()))
          for (const User *SU : Slot->users())
            if (isa<LoadInst>(SU))
              follow(SU);
    }
  }
  return nullptr;
}

/// The function a global's initializer holds the address of, or null.
const llvm::Function *heldFunction(const GlobalVariable &GV) {
  if (!GV.hasInitializer())
    return nullptr;
  const Value *V = GV.getInitializer();
  while (const auto *CE = dyn_cast<ConstantExpr>(V))
    if (CE->isCast())
      V = CE->getOperand(0);
    else
      break;
  return dyn_cast<llvm::Function>(V);
}

/// What a function-pointer argument may be given as (Program::FunctionValues):
/// the functions of the types the kernel calls its arguments with.
void functionValues(const Module &M, const GlobalLayout &Layout,
                    const SmallPtrSetImpl<FunctionType *> &Types, Program &P) {
  DenseMap<const llvm::Function *, uint64_t> Address;
  const std::vector<const llvm::Function *> &Code = Layout.functions();
  for (uint32_t Id = 0; Id < Code.size(); ++Id)
    if (!Code[Id]->isDeclaration() && Code[Id]->hasAddressTaken() &&
        Types.count(Code[Id]->getFunctionType())) {
      Address[Code[Id]] = codeAddress(Id);
      P.FunctionValues.emplace_back(sourceName(*Code[Id]), codeAddress(Id));
      P.FunctionValues.emplace_back(Code[Id]->getName().str(), codeAddress(Id));
    }
  for (const GlobalVariable &GV : M.globals())
    if (const llvm::Function *F = heldFunction(GV))
      if (auto It = Address.find(F); It != Address.end())
        P.FunctionValues.emplace_back(sourceNameOf(GV.getName()), It->second);
}

} // namespace

Error decodeParams(const llvm::Function &Kernel, const GlobalLayout &Layout, Program &P) {
  const DataLayout &DL = Kernel.getParent()->getDataLayout();
  unsigned ArgNo = 0;
  uint64_t ConstEnd = Layout.constBytes();
  SmallPtrSet<FunctionType *, 2> CalledTypes;
  std::vector<std::string> Declared = demangledParamTypes(Kernel.getName());
  if (Declared.size() != Kernel.arg_size())
    Declared.clear();
  for (const Argument &A : Kernel.args()) {
    ParamInfo PI;
    PI.Name = A.hasName() ? A.getName().str() : "arg" + std::to_string(ArgNo);
    Type *T = A.getType();
    if (T->isPointerTy() && A.hasByValAttr()) {
      // In the constant bank, after the module's __constant__ variables.
      PI.IsStruct = true;
      PI.StructBytes = DL.getTypeAllocSize(A.getParamByValType());
      ConstEnd = alignTo(ConstEnd, 8);
      PI.StructOffset = ConstEnd;
      ConstEnd += PI.StructBytes;
      PI.Leaves = structLeaves(Kernel.getAttributes().getParamAttr(ArgNo, StructFieldsAttr),
                               A.getParamByValType(), DL);
    } else if (FunctionType *Called = T->isPointerTy() ? calledThrough(A) : nullptr) {
      CalledTypes.insert(Called);
      PI.IsFunction = true;
      PI.Bytes = 8;
      PI.ElemType = "function pointer";
    } else if (T->isPointerTy()) {
      PI.IsPointer = true;
      PI.Bytes = 4;
      PI.ElemType = "float";
      Attribute Said = Kernel.getAttributes().getParamAttr(ArgNo, PointeeAttr);
      auto [SaidName, SaidBytes] =
          Said.isValid() ? Said.getValueAsString().rsplit(':') : std::pair<StringRef, StringRef>();
      unsigned Bytes = 0;
      if (!SaidBytes.getAsInteger(10, Bytes) && Bytes) {
        PI.Bytes = Bytes;
        PI.ElemType = SaidName.str();
      } else {
        inferPointee(A, DL, PI, !SaidName.empty());
        if (!SaidName.empty() && PI.Bytes != 4)
          PI.ElemType = SaidName.str();
        // The element type the source declares (from the kernel's mangled
        // name) names the elements where its size agrees: a library's copy
        // indexes floats as words, which --buffer's fill must not take.
        std::optional<Pointee> D;
        if (SaidName.empty() && ArgNo < Declared.size())
          D = pointeeOf(Declared[ArgNo]);
        if (D && D->Bytes && D->Bytes == PI.Bytes) {
          PI.Bytes = D->Bytes;
          PI.ElemType = D->Name;
        }
      }
    } else if (supportedScalar(T)) {
      PI.IsFloat = T->isFloatingPointTy();
      PI.Bytes = DL.getTypeStoreSize(T);
      PI.ElemType = cTypeName(T);
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "kernel '%s': parameter '%s' has a type the device "
                               "model does not support",
                               P.KernelName.c_str(), PI.Name.c_str());
    }
    P.Params.push_back(PI);
    ++ArgNo;
  }
  P.ConstBytes = ConstEnd;
  if (!CalledTypes.empty())
    functionValues(*Kernel.getParent(), Layout, CalledTypes, P);
  return Error::success();
}

} // namespace dm
} // namespace warplint
