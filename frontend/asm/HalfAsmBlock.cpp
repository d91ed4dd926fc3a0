//===- HalfAsmBlock.cpp - The registers of one inline asm text ------------===//
#include "frontend/asm/HalfAsmBlock.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

using namespace llvm;

namespace warplint {

Type *ptxIrType(StringRef Suffix, LLVMContext &Ctx) {
  if (Suffix == "f16")
    return Type::getHalfTy(Ctx);
  if (Suffix == "bf16")
    return Type::getBFloatTy(Ctx);
  if (Suffix == "f32")
    return Type::getFloatTy(Ctx);
  if (Suffix == "f64")
    return Type::getDoubleTy(Ctx);
  if (Suffix == "f16x2" || Suffix == "bf16x2")
    return Type::getInt32Ty(Ctx);
  if (Suffix == "pred")
    return Type::getInt1Ty(Ctx);
  unsigned Bits;
  if (Suffix.size() >= 2 && StringRef("bus").contains(Suffix[0]) &&
      !Suffix.drop_front().getAsInteger(10, Bits) &&
      (Bits == 8 || Bits == 16 || Bits == 32 || Bits == 64))
    return Type::getIntNTy(Ctx, Bits);
  return nullptr;
}

namespace {
/// The IR type a register constraint letter holds.
Type *constraintType(char C, LLVMContext &Ctx) {
  switch (C) {
  case 'h': return Type::getInt16Ty(Ctx);
  case 'r': return Type::getInt32Ty(Ctx);
  case 'l': return Type::getInt64Ty(Ctx);
  case 'f': return Type::getFloatTy(Ctx);
  case 'd': return Type::getDoubleTy(Ctx);
  default: return nullptr;
  }
}

/// V as Ty when both are first-class scalars of one size; null otherwise.
Value *sameSize(IRBuilder<> &B, Value *V, Type *Ty) {
  Type *From = V->getType();
  if (From == Ty)
    return V;
  if (From->isPointerTy() || Ty->isPointerTy() || From->isAggregateType() ||
      Ty->isAggregateType() || From->isVectorTy() || Ty->isVectorTy())
    return nullptr;
  if (From->getPrimitiveSizeInBits() != Ty->getPrimitiveSizeInBits())
    return nullptr;
  return B.CreateBitCast(V, Ty);
}

/// "$N" as N.
std::optional<unsigned> dollar(StringRef Tok) {
  unsigned N;
  if (!Tok.consume_front("$") || Tok.getAsInteger(10, N))
    return std::nullopt;
  return N;
}
} // namespace

HalfAsmBlock::HalfAsmBlock(CallInst &CI, const InlineAsm &Asm) : CI(CI), B(&CI) {
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  LLVMContext &Ctx = CI.getContext();
  SmallVector<StringRef, 6> Cons;
  Asm.getConstraintString().split(Cons, ',');
  SmallVector<std::pair<unsigned, unsigned>, 2> Ties; // Output, argument.
  unsigned Arg = 0;
  for (StringRef C : Cons) {
    if (C.starts_with("~{"))
      continue;
    if (C.consume_front("=")) {
      C.consume_front("&");
      Type *Ty = C.size() == 1 ? constraintType(C[0], Ctx) : nullptr;
      Valid &= Ty != nullptr;
      Outputs.push_back(Ty);
      continue;
    }
    unsigned Tied;
    if (!C.getAsInteger(10, Tied)) {
      Valid &= Tied < Outputs.size();
      Ties.push_back({Tied, Arg});
    } else {
      Valid &= C.size() == 1 && constraintType(C[0], Ctx) != nullptr;
    }
    ++Arg;
  }
  Valid &= Arg == CI.arg_size();
  Type *RetTy = CI.getType();
  if (Outputs.empty()) {
    Valid &= RetTy->isVoidTy();
  } else if (Outputs.size() == 1) {
    Valid &= RetTy == Outputs[0];
  } else {
    auto *ST = dyn_cast<StructType>(RetTy);
    Valid &= ST && ST->getNumElements() == Outputs.size();
    for (unsigned I = 0; Valid && I < Outputs.size(); ++I)
      Valid &= ST->getElementType(I) == Outputs[I];
  }
  for (unsigned I = 0; I < Outputs.size(); ++I)
    Regs["$" + std::to_string(I)].push_back(nullptr);
  for (auto [Out, In] : Ties)
    if (Valid)
      Regs["$" + std::to_string(Out)].back() = sameSize(B, CI.getArgOperand(In), Outputs[Out]);
}

Value *HalfAsmBlock::literal(StringRef Tok, Type *Ty) {
  if (Tok.starts_with_insensitive("0f") || Tok.starts_with_insensitive("0d")) {
    unsigned Bits = Tok[1] == 'f' || Tok[1] == 'F' ? 32 : 64;
    uint64_t V;
    if (Tok.size() != 2 + Bits / 4 || Tok.drop_front(2).getAsInteger(16, V) ||
        !Ty->isFloatingPointTy() || Ty->getPrimitiveSizeInBits() != Bits)
      return nullptr;
    return B.CreateBitCast(B.getIntN(Bits, V), Ty);
  }
  bool Neg = Tok.consume_front("-");
  if (Tok.ends_with("U") || Tok.ends_with("u"))
    Tok = Tok.drop_back();
  uint64_t V;
  if (Tok.empty() || Tok.getAsInteger(0, V) || !Ty->isIntegerTy())
    return nullptr;
  return ConstantInt::get(Ty, Neg ? -V : V);
}

Value *HalfAsmBlock::read(StringRef Tok, Type *Ty) {
  Tok = Tok.trim();
  if (Tok.empty())
    return nullptr;
  if (std::optional<unsigned> N = dollar(Tok); N && *N >= Outputs.size()) {
    unsigned Arg = *N - Outputs.size();
    return Arg < CI.arg_size() ? sameSize(B, CI.getArgOperand(Arg), Ty) : nullptr;
  }
  auto It = Regs.find(Tok);
  if (It != Regs.end())
    return It->second.empty() || !It->second.back() ? nullptr
                                                     : sameSize(B, It->second.back(), Ty);
  if (Tok == "WARP_SZ" && Ty->isIntegerTy(32)) // PTX's constant: the warp size register.
    return B.CreateIntrinsic(Ty, Intrinsic::nvvm_read_ptx_sreg_warpsize, {});
  return literal(Tok, Ty);
}

bool HalfAsmBlock::write(StringRef Tok, Value *V) {
  Tok = Tok.trim();
  if (Tok == "_")
    return true;
  auto It = Regs.find(Tok);
  if (It == Regs.end() || It->second.empty())
    return false;
  if (std::optional<unsigned> N = dollar(Tok)) {
    Type *Ty = Outputs[*N];
    if (V->getType()->isIntegerTy() && Ty->isIntegerTy() &&
        V->getType()->getIntegerBitWidth() > Ty->getIntegerBitWidth())
      V = B.CreateTrunc(V, Ty);
    V = sameSize(B, V, Ty);
    if (!V)
      return false;
  }
  It->second.back() = V;
  return true;
}

Value *HalfAsmBlock::address(StringRef Tok) {
  Tok = Tok.trim();
  if (!Tok.consume_front("[") || !Tok.consume_back("]"))
    return nullptr;
  std::optional<unsigned> N = dollar(Tok.trim());
  if (!N || *N < Outputs.size() || *N - Outputs.size() >= CI.arg_size())
    return nullptr;
  Value *P = CI.getArgOperand(*N - Outputs.size());
  return P->getType()->isPointerTy() ? P : nullptr;
}

bool HalfAsmBlock::declare(StringRef Decl) {
  Decl = Decl.trim();
  if (!Decl.consume_front("."))
    return false;
  size_t End = Decl.find_first_of(" \t\n");
  if (End == StringRef::npos || !ptxIrType(Decl.take_front(End), CI.getContext()))
    return false;
  SmallVector<StringRef, 4> Names;
  Decl.drop_front(End).split(Names, ',');
  for (StringRef Name : Names) {
    Name = Name.trim();
    // Letters, digits, _ and $ (the text's "$$", a literal $), not first.
    if (Name.empty() || Name.starts_with("$") ||
        Name.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_$") !=
            StringRef::npos ||
        (Name[0] >= '0' && Name[0] <= '9') || Name == "_")
      return false;
    if (Scopes.empty())
      return false;
    Regs[Name].push_back(nullptr);
    Scopes.back().push_back(Name.str());
  }
  return true;
}

bool HalfAsmBlock::closeScope() {
  if (Scopes.empty())
    return false;
  for (const std::string &Name : Scopes.back())
    Regs[Name].pop_back();
  Scopes.pop_back();
  return true;
}

Value *saturate(IRBuilder<> &B, Value *R) {
  Type *Ty = R->getType();
  Value *One = ConstantFP::get(Ty, 1.0), *Zero = ConstantFP::get(Ty, 0.0);
  // -0 is +0 too (an H100's mul.sat.f16 of a negative underflow).
  Value *Low = B.CreateSelect(B.CreateFCmpOGT(R, Zero), R, Zero);
  return B.CreateSelect(B.CreateFCmpOGT(R, One), One, Low);
}

Value *HalfAsmBlock::result() {
  SmallVector<Value *, 2> Values;
  for (unsigned I = 0; I < Outputs.size(); ++I) {
    Value *V = Regs["$" + std::to_string(I)].back();
    if (!V)
      return nullptr;
    Values.push_back(V);
  }
  return asmResult(B, CI, Values);
}

} // namespace warplint
