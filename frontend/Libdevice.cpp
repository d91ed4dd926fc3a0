//===- Libdevice.cpp - Link the toolkit's libdevice as clang does ---------===//
#include "frontend/Libdevice.h"
#include "frontend/asm/LibdeviceAsm.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/IPO/Internalize.h"

#include <set>

using namespace llvm;

namespace warplint {

bool isLibraryCode(const Instruction &I) {
  if (I.getMetadata(LibraryCodeKind))
    return true;
  // An access a late pass made anew (the load-store vectorizer's wider load
  // keeps no unknown metadata): by what it points into.
  const Value *Ptr = getLoadStorePointerOperand(&I);
  if (!Ptr)
    return false;
  const Value *Obj = getUnderlyingObject(Ptr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
    return GV->getMetadata(LibraryCodeKind);
  if (const auto *AI = dyn_cast<AllocaInst>(Obj))
    return AI->getMetadata(LibraryCodeKind);
  return false;
}

std::string findLibdevice(StringRef Sdk) {
  if (Sdk.empty())
    return "";
  SmallString<256> P(Sdk);
  sys::path::append(P, "nvvm", "libdevice", "libdevice.10.bc");
  return sys::fs::exists(P) ? P.str().str() : "";
}

Expected<unsigned> linkLibdevice(Module &M, StringRef Path) {
  bool Needed = false;
  std::set<std::string> Defined;
  for (const Function &F : M) {
    if (F.isDeclaration() && F.getName().starts_with("__nv_") && !F.use_empty())
      Needed = true;
    if (!F.isDeclaration())
      Defined.insert(F.getName().str());
  }
  std::set<std::string> DefinedGlobals;
  for (const GlobalVariable &GV : M.globals())
    if (GV.hasInitializer())
      DefinedGlobals.insert(GV.getName().str());
  if (!Needed)
    return 0;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read libdevice '%s'", Path.str().c_str());
  Expected<std::unique_ptr<Module>> Lib =
      getOwningLazyBitcodeModule(std::move(*Buf), M.getContext());
  if (!Lib)
    return Lib.takeError();
  (*Lib)->setDataLayout(M.getDataLayout());
  (*Lib)->setTargetTriple(M.getTargetTriple());
  // As clang links builtin bitcode: what the module needs, internalized.
  if (Linker::linkModules(M, std::move(*Lib), Linker::Flags::LinkOnlyNeeded,
                          [](Module &Into, const StringSet<> &Linked) {
                            internalizeModule(Into, [&](const GlobalValue &GV) {
                              return !GV.hasName() || !Linked.count(GV.getName());
                            });
                          }))
    return createStringError(inconvertibleErrorCode(), "cannot link libdevice '%s'",
                             Path.str().c_str());
  // The user's target attributes (the inliner needs them equal), as clang's
  // mergeDefaultFunctionDefinitionAttributes gives linked functions.
  const Function *User = nullptr;
  for (const Function &F : M)
    if (Defined.count(F.getName().str()) && F.hasFnAttribute("target-cpu")) {
      User = &F;
      break;
    }
  unsigned Count = 0;
  for (Function &F : M) {
    if (F.isDeclaration() || Defined.count(F.getName().str()))
      continue;
    ++Count;
    if (User)
      for (const char *Attr : {"target-cpu", "target-features"})
        if (User->hasFnAttribute(Attr))
          F.addFnAttr(User->getFnAttribute(Attr));
    lowerLibdeviceAsm(F);
    for (Instruction &I : instructions(F))
      I.setMetadata(LibraryCodeKind, MDNode::get(M.getContext(), {}));
  }
  for (GlobalVariable &GV : M.globals())
    if (GV.hasInitializer() && !DefinedGlobals.count(GV.getName().str()))
      GV.setMetadata(LibraryCodeKind, MDNode::get(M.getContext(), {}));
  // nvcc's defaults: no flush to zero (unless the compile asked for it, then
  // Clang set the flag), IEEE square root (nvcc's -prec-sqrt=true; Clang's
  // default is the approximation).
  Type *I32 = Type::getInt32Ty(M.getContext());
  if (!M.getModuleFlag("nvvm-reflect-ftz"))
    M.setModuleFlag(Module::Override, "nvvm-reflect-ftz", ConstantInt::get(I32, 0));
  M.setModuleFlag(Module::Override, "nvvm-reflect-prec-sqrt", ConstantInt::get(I32, 1));
  return Count;
}

} // namespace warplint
