//===- LibdeviceAsm.cpp - The inline asm of libdevice's own code ----------===//
#include "frontend/asm/LibdeviceAsm.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {
namespace {

/// Asm text with each run of white space one blank, trimmed.
std::string normalized(StringRef Text) {
  std::string Out;
  bool Blank = false;
  for (char C : Text) {
    if (isspace(static_cast<unsigned char>(C))) {
      Blank = !Out.empty();
      continue;
    }
    if (Blank)
      Out += ' ';
    Blank = false;
    Out += C;
  }
  return Out;
}

/// A two-result asm's {Lo, Hi} as the struct its call returns.
Value *pair(IRBuilder<> &B, Type *Ty, Value *Lo, Value *Hi) {
  Value *R = PoisonValue::get(Ty);
  R = B.CreateInsertValue(R, Lo, 0);
  return B.CreateInsertValue(R, Hi, 1);
}

/// The high 64 bits of A * B (unsigned).
Value *mulHi64(IRBuilder<> &B, Value *A, Value *Bv) {
  return B.CreateIntrinsic(B.getInt64Ty(), Intrinsic::nvvm_mulhi_ull, {A, Bv});
}

Value *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  std::string Text = normalized(Asm.getAsmString());
  StringRef Cons = Asm.getConstraintString();
  IRBuilder<> B(&CI);
  B.SetCurrentDebugLocation(CI.getDebugLoc());
  auto Arg = [&](unsigned I) { return CI.getArgOperand(I); };
  Module &M = *CI.getModule();
  // sub.rX[.ftz].{f32,f64} $0, $1, $2: add.rX of the negation (exact).
  static const Regex Sub("^sub\\.(rn|rz|rm|rp)(\\.ftz)?\\.(f32|f64) \\$0, \\$1, \\$2;$");
  SmallVector<StringRef, 4> Mt;
  if (Sub.match(Text, &Mt) && CI.arg_size() == 2) {
    bool D = Mt[3] == "f64";
    std::string Name = ("llvm.nvvm.add." + Mt[1] + Mt[2] + (D ? ".d" : ".f")).str();
    FunctionCallee F = M.getOrInsertFunction(Name, CI.getType(), CI.getType(), CI.getType());
    return B.CreateCall(F, {Arg(0), B.CreateFNeg(Arg(1))});
  }
  if (Text == "rcp.approx.ftz.f32 $0,$1;" && CI.arg_size() == 1)
    return B.CreateIntrinsic(CI.getType(), Intrinsic::nvvm_rcp_approx_ftz_f, {Arg(0)});
  if (Text == "rsqrt.approx.ftz.f64 $0, $1;" && CI.arg_size() == 1)
    return B.CreateIntrinsic(CI.getType(), Intrinsic::nvvm_rsqrt_approx_ftz_d, {Arg(0)});
  // bfind.shiftamt.u32: leading zeros, all ones for 0.
  if (Text == "bfind.shiftamt.u32 $0, $1;" && CI.arg_size() == 1) {
    Value *Clz = B.CreateIntrinsic(Intrinsic::ctlz, {B.getInt32Ty()}, {Arg(0), B.getTrue()});
    return B.CreateSelect(B.CreateICmpEQ(Arg(0), B.getInt32(0)), B.getInt32(~0u), Clz);
  }
  // setp.equ.f64 p, $1, $2; selp.f64 $0, $3, $4, p: equal or unordered.
  if (StringRef(Text).contains("setp.equ.f64") && StringRef(Text).contains("selp.f64") &&
      CI.arg_size() == 4)
    return B.CreateSelect(B.CreateFCmpUEQ(Arg(0), Arg(1)), Arg(2), Arg(3));
  // mad.lo.cc.u32 $0, $2, $3, $4; madc.hi.u32 $1, $2, $3, 0: the 64-bit
  // A * B + C as {lo, hi}.
  if (Text == "{ mad.lo.cc.u32 $0, $2, $3, $4; madc.hi.u32 $1, $2, $3, 0; }" &&
      CI.arg_size() == 3 && Cons.starts_with("=r,=r")) {
    Type *I64 = B.getInt64Ty();
    Value *Full = B.CreateAdd(B.CreateMul(B.CreateZExt(Arg(0), I64), B.CreateZExt(Arg(1), I64)),
                              B.CreateZExt(Arg(2), I64));
    return pair(B, CI.getType(), B.CreateTrunc(Full, B.getInt32Ty()),
                B.CreateTrunc(B.CreateLShr(Full, 32), B.getInt32Ty()));
  }
  if (!Cons.starts_with("=l,=l"))
    return nullptr;
  bool Add4 = StringRef(Text).contains("add.cc.u32 r0, a0, b0; addc.cc.u32 r1, a1, b1; "
                                       "addc.cc.u32 r2, a2, b2; addc.u32 r3, a3, b3;");
  bool Sub4 = StringRef(Text).contains("sub.cc.u32 r0, a0, b0; subc.cc.u32 r1, a1, b1; "
                                       "subc.cc.u32 r2, a2, b2; subc.u32 r3, a3, b3;");
  // 128-bit {$3:$2} +/- {$5:$4} as {lo, hi}.
  if ((Add4 || Sub4) && CI.arg_size() == 4) {
    Value *ALo = Arg(0), *AHi = Arg(1), *BLo = Arg(2), *BHi = Arg(3);
    if (Add4) {
      Value *Lo = B.CreateAdd(ALo, BLo);
      Value *Carry = B.CreateZExt(B.CreateICmpULT(Lo, ALo), B.getInt64Ty());
      return pair(B, CI.getType(), Lo, B.CreateAdd(B.CreateAdd(AHi, BHi), Carry));
    }
    Value *Lo = B.CreateSub(ALo, BLo);
    Value *Borrow = B.CreateZExt(B.CreateICmpULT(ALo, BLo), B.getInt64Ty());
    return pair(B, CI.getType(), Lo, B.CreateSub(B.CreateSub(AHi, BHi), Borrow));
  }
  bool Mul = StringRef(Text).contains("mul.lo.u32 r0, alo, blo; mul.hi.u32 r1, alo, blo;");
  bool Mad = StringRef(Text).contains("mad.lo.cc.u32 r0, alo, blo, clo; "
                                      "madc.hi.cc.u32 r1, alo, blo, chi;");
  // The 128-bit A * B (+ C) of 64-bit operands as {lo, hi}.
  if (Mul && CI.arg_size() == 2)
    return pair(B, CI.getType(), B.CreateMul(Arg(0), Arg(1)), mulHi64(B, Arg(0), Arg(1)));
  if (Mad && CI.arg_size() == 3) {
    Value *Prod = B.CreateMul(Arg(0), Arg(1));
    Value *Lo = B.CreateAdd(Prod, Arg(2));
    Value *Carry = B.CreateZExt(B.CreateICmpULT(Lo, Prod), B.getInt64Ty());
    return pair(B, CI.getType(), Lo, B.CreateAdd(mulHi64(B, Arg(0), Arg(1)), Carry));
  }
  return nullptr;
}

} // namespace

unsigned lowerLibdeviceAsm(Function &F) { return replaceInlineAsm(inlineAsmCalls(F), lowerOne); }

} // namespace warplint
