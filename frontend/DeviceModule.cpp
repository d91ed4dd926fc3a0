//===- DeviceModule.cpp - Helpers on the frontends' output ----------------===//
#include "frontend/DeviceModule.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace warplint {

bool isKernel(const Function &F) {
  return !F.isDeclaration() && F.getCallingConv() == CallingConv::PTX_Kernel;
}

std::string sourceName(const Function &F) { return sourceNameOf(F.getName()); }

std::string sourceNameOf(StringRef Mangled) {
  std::string Name = Mangled.str();
  std::string Demangled = llvm::demangle(Name);
  // Drop the parameter list but keep template arguments: "k<float>(float*)" ->
  // "k<float>". The parameter list starts at the last top-level '('.
  if (Demangled != Name && !Demangled.empty() && Demangled.back() == ')') {
    int Depth = 0;
    for (size_t I = Demangled.size(); I-- > 0;) {
      char C = Demangled[I];
      if (C == ')')
        ++Depth;
      else if (C == '(' && --Depth == 0) {
        Demangled.resize(I);
        break;
      }
    }
  }
  // Template functions demangle with their return type first: "void k<int>".
  if (StringRef(Demangled).starts_with("void "))
    Demangled.erase(0, 5);
  return Demangled;
}

StringRef addrSpaceName(unsigned AS) {
  switch (AS) {
  case AS_Generic:
    return "generic";
  case AS_Global:
    return "global";
  case AS_Shared:
    return "shared";
  case AS_Const:
    return "const";
  case AS_Local:
    return "local";
  case AS_Param:
    return "param";
  default:
    return "unknown";
  }
}

const Value *accessedPointer(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return L->getPointerOperand();
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return S->getPointerOperand();
  if (const auto *A = dyn_cast<AtomicRMWInst>(&I))
    return A->getPointerOperand();
  if (const auto *C = dyn_cast<AtomicCmpXchgInst>(&I))
    return C->getPointerOperand();
  return nullptr;
}

} // namespace warplint
