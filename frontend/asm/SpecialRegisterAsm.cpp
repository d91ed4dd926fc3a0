//===- SpecialRegisterAsm.cpp - Inline asm that reads a special register --===//
#include "frontend/asm/SpecialRegisterAsm.h"
#include "frontend/asm/InlineAsmCalls.h"
#include "frontend/ptxisa/SpecialRegisters.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {

namespace {
/// The intrinsic that reads the register a "mov.u32 $0, %reg;" asm names,
/// or not_intrinsic.
Intrinsic::ID registerIntrinsic(const InlineAsm &Asm) {
  if (!StringRef(Asm.getConstraintString()).starts_with("=r") || Asm.hasSideEffects())
    return Intrinsic::not_intrinsic;
  static const Regex Mov("^[[:space:]]*mov\\.u32[[:space:]]+\\$0[[:space:]]*,[[:space:]]*"
                         "%([a-z_0-9.]+)[[:space:]]*;?[[:space:]]*$");
  SmallVector<StringRef, 2> Match;
  if (!Mov.match(Asm.getAsmString(), &Match))
    return Intrinsic::not_intrinsic;
  const ptx::SpecialRegister *R = ptx::lookupSpecialRegister(Match[1]);
  return R ? R->intrinsicID() : Intrinsic::not_intrinsic;
}

/// The register of "{ .reg .u32 A; .reg .u64 B; mov.u32 A, %REG; cvt.u64.u32
/// B, A; cvta.shared.u64 $0, B; }" (any names, any spacing), or "".
std::string sharedOffsetRegister(const InlineAsm &Asm) {
  if (Asm.getConstraintString() != "=l")
    return "";
  // One space between tokens, none inside "{ ... }"'s edges.
  std::string Text;
  for (char C : Asm.getAsmString()) {
    bool Space = C == ' ' || C == '\t' || C == '\n' || C == '\r';
    if (Space && (Text.empty() || Text.back() == ' '))
      continue;
    Text += Space ? ' ' : C;
  }
  static const Regex Block("^\\{ ?\\.reg \\.[ub]32 ([a-z_0-9]+); ?\\.reg \\.[ub]64 "
                           "([a-z_0-9]+); ?mov\\.[ub]32 ([a-z_0-9]+), ?%([a-z_0-9]+); ?"
                           "cvt\\.u64\\.u32 ([a-z_0-9]+), ?([a-z_0-9]+); ?cvta\\.shared\\.u64 "
                           "\\$0, ?([a-z_0-9]+); ?\\} ?$");
  SmallVector<StringRef, 8> Match;
  if (!Block.match(Text, &Match))
    return "";
  StringRef Narrow = Match[1], Wide = Match[2];
  if (Match[3] != Narrow || Match[5] != Wide || Match[6] != Narrow || Match[7] != Wide)
    return "";
  return Match[4].str();
}

/// Replaces CI (an asm that makes a generic pointer of register Reg, a
/// shared-window offset) by the register's read and the casts.
void lowerSharedOffsetRead(CallInst *CI, StringRef Reg) {
  Module &M = *CI->getModule();
  IRBuilder<> B(CI);
  B.SetCurrentDebugLocation(CI->getDebugLoc());
  auto *Read = InlineAsm::get(FunctionType::get(B.getInt32Ty(), false),
                              ("mov.u32 $0, %" + Reg + ";").str(), "=r",
                              /*hasSideEffects=*/false);
  Value *Off = B.CreateCall(Read, {}, "reserved.smem");
  unsigned SharedBits = M.getDataLayout().getPointerSizeInBits(3);
  Value *Wide = B.CreateZExtOrTrunc(Off, B.getIntNTy(SharedBits));
  Value *Shared = B.CreateIntToPtr(Wide, PointerType::get(M.getContext(), 3));
  Value *Generic = B.CreateAddrSpaceCast(Shared, PointerType::get(M.getContext(), 0));
  Value *Int = B.CreatePtrToInt(Generic, CI->getType());
  CI->replaceAllUsesWith(Int);
  CI->eraseFromParent();
}
} // namespace

unsigned lowerSpecialRegisterAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M)) {
    const auto &Asm = *cast<InlineAsm>(CI->getCalledOperand());
    std::string OffsetReg = sharedOffsetRegister(Asm);
    if (!OffsetReg.empty() && CI->getType()->isIntegerTy(64)) {
      lowerSharedOffsetRead(CI, OffsetReg);
      ++Replaced;
      continue;
    }
    Intrinsic::ID ID = registerIntrinsic(Asm);
    if (!ID)
      continue;
    Function *Decl = Intrinsic::getOrInsertDeclaration(&M, ID);
    if (Decl->getReturnType() != CI->getType() || Decl->arg_size())
      continue;
    CallInst *Read = CallInst::Create(Decl, {}, CI->getName(), CI->getIterator());
    Read->setDebugLoc(CI->getDebugLoc());
    CI->replaceAllUsesWith(Read);
    CI->eraseFromParent();
    ++Replaced;
  }
  return Replaced;
}

} // namespace warplint
