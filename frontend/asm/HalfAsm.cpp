//===- HalfAsm.cpp - Inline asm of the toolkit's __half and bfloat16 ------===//
//
// An asm text is split into statements at ';'; a '{' or '}' before a
// statement opens or closes a scope of .reg temporaries. Each instruction
// reads its operands from HalfAsmBlock and writes its result there; the
// first one not known here abandons the whole text (the IR emitted for it so
// far is erased) and the call stays as it was. The semantics, per PTX ISA:
//   * add/sub/mul{.rn}{.sat}, fma.rn{.sat,.relu}, neg, abs, min/max{.NaN} on
//     f16, bf16, f32 and the x2 pairs (each lane alone): fadd, fsub, fmul,
//     llvm.fma, fneg, llvm.fabs, llvm.minnum/maxnum (minimum/maximum for
//     .NaN) on half/bfloat, which the device model rounds once; .sat clamps
//     to [0, 1] (NaN 0), .relu negative results to 0;
//   * setp.CMP p, a, b (ordered, and the unordered CMPu), set.CMP.D.S (1.0,
//     or all ones, per lane of a pair) and selp: fcmp and select;
//   * mov with {a, b} packs or unpacks the lanes of a wider register;
//     and/or/xor/not on bN and pred;
//   * tanh.approx and ex2.approx on f16/bf16 (through float, as the toolkit's
//     own float helpers compute), and the .f32 approximations the helpers
//     use (ex2, lg2, rcp, rsqrt, sqrt, div): NVVM's intrinsics for them;
//   * atom.add.noftz on f16 and bf16: atomicrmw fadd (a pair: one 4-byte
//     atomicrmw on <2 x half> or <2 x bfloat>, as the hardware's f16x2);
//   * cvt: HalfAsmConvert.cpp.
//
//===----------------------------------------------------------------------===//
#include "frontend/asm/HalfAsm.h"

#include "frontend/ptxisa/AtomicOp.h"
#include "frontend/asm/HalfAsmBlock.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {
using ScalarOp = function_ref<Value *(ArrayRef<Value *>)>;

/// Reads Operands[1..] as Ty (a pair: i32, split into its lanes of Elt),
/// applies Op to each lane and writes the result (packed) to Operands[0].
bool applyLanes(HalfAsmBlock &Blk, ArrayRef<StringRef> Ops, Type *Ty, bool Pair, Type *Elt,
                ScalarOp Op) {
  IRBuilder<> &B = Blk.builder();
  SmallVector<Value *, 3> Args, Lo, Hi;
  for (StringRef Tok : Ops.drop_front()) {
    Value *V = Blk.read(Tok, Ty);
    if (!V)
      return false;
    Args.push_back(V);
  }
  if (!Pair) {
    Value *R = Op(Args);
    return R && Blk.write(Ops[0], R);
  }
  for (Value *V : Args) {
    auto [L, H] = unpackLanes(B, V, Elt);
    Lo.push_back(L);
    Hi.push_back(H);
  }
  Value *RL = Op(Lo), *RH = RL ? Op(Hi) : nullptr;
  return RH && Blk.write(Ops[0], packLanes(B, RL, RH));
}

/// X (half or bfloat) through float: F of its float value, rounded back.
Value *throughFloat(IRBuilder<> &B, Value *X, function_ref<Value *(Value *)> F) {
  Type *Elt = X->getType();
  if (Elt->isFloatTy())
    return F(X);
  return B.CreateFPTrunc(F(B.CreateFPExt(X, B.getFloatTy())), Elt);
}

/// The arithmetic and approximation instructions: Base, its qualifiers,
/// and its type last.
bool emitArithmetic(HalfAsmBlock &Blk, StringRef Base, ArrayRef<StringRef> Quals, StringRef T,
                    ArrayRef<StringRef> Ops) {
  IRBuilder<> &B = Blk.builder();
  bool Pair = T == "f16x2" || T == "bf16x2";
  bool Small = Pair || T == "f16" || T == "bf16";
  if (!Small && T != "f32")
    return false;
  Type *Ty = ptxIrType(T, B.getContext());
  Type *Elt = Pair ? ptxIrType(T.drop_back(2), B.getContext()) : Ty;
  bool Rn = false, Sat = false, Relu = false, Nan = false, Approx = false, Ftz = false;
  for (StringRef Q : Quals) {
    bool *Flag = Q == "rn"       ? &Rn
                 : Q == "sat"    ? &Sat
                 : Q == "relu"   ? &Relu
                 : Q == "NaN"    ? &Nan
                 : Q == "approx" ? &Approx
                 : Q == "ftz"    ? &Ftz
                                 : nullptr;
    if (!Flag || *Flag)
      return false; // Unknown or repeated qualifier.
    *Flag = true;
  }
  unsigned Arity = StringSwitch<unsigned>(Base)
                       .Cases({"add", "sub", "mul", "min", "max", "div"}, 2)
                       .Case("fma", 3)
                       .Default(1);
  if (Ops.size() != Arity + 1)
    return false;
  // Which qualifiers each instruction takes (.ftz: only the approximations).
  bool Arith = Base == "add" || Base == "sub" || Base == "mul";
  bool Ok = StringSwitch<bool>(Base)
                .Cases({"add", "sub", "mul"}, !Relu && !Nan && !Approx && !Ftz)
                .Case("fma", Rn && !Nan && !Approx && !Ftz && !(Sat && Relu))
                .Cases({"neg", "abs"}, !Rn && !Sat && !Relu && !Nan && !Approx && !Ftz)
                .Cases({"min", "max"}, !Rn && !Sat && !Relu && !Approx && !Ftz)
                .Case("tanh", Approx && !Rn && !Sat && !Relu && !Nan && !Ftz)
                .Case("ex2", Approx && !Rn && !Sat && !Relu && !Nan)
                .Cases({"lg2", "rcp", "rsqrt", "sqrt", "div"},
                       !Small && (Approx != Rn) && !Sat && !Relu && !Nan &&
                           !(Rn && Ftz) && !(Rn && (Base == "lg2" || Base == "rsqrt")))
                .Default(false);
  if (!Ok || (Sat && !Arith && Base != "fma"))
    return false;
  auto Fl = [&](Intrinsic::ID Plain, Intrinsic::ID WithFtz, Value *X) -> Value * {
    return B.CreateIntrinsic(B.getFloatTy(), Ftz ? WithFtz : Plain, {X});
  };
  auto Lane = [&](ArrayRef<Value *> A) -> Value * {
    Value *R = nullptr;
    if (Base == "add")
      R = B.CreateFAdd(A[0], A[1]);
    else if (Base == "sub")
      R = B.CreateFSub(A[0], A[1]);
    else if (Base == "mul")
      R = B.CreateFMul(A[0], A[1]);
    else if (Base == "fma")
      R = B.CreateIntrinsic(Intrinsic::fma, {Elt}, {A[0], A[1], A[2]});
    else if (Base == "neg")
      R = B.CreateFNeg(A[0]);
    else if (Base == "abs")
      R = B.CreateUnaryIntrinsic(Intrinsic::fabs, A[0]);
    else if (Base == "min")
      R = B.CreateBinaryIntrinsic(Nan ? Intrinsic::minimum : Intrinsic::minnum, A[0], A[1]);
    else if (Base == "max")
      R = B.CreateBinaryIntrinsic(Nan ? Intrinsic::maximum : Intrinsic::maxnum, A[0], A[1]);
    else if (Base == "tanh")
      R = throughFloat(B, A[0], [&](Value *X) {
        // As ptxisa/lower/Math.cpp lowers tanh.approx.f32: tanh, approximations allowed.
        auto *C = cast<CallInst>(B.CreateUnaryIntrinsic(Intrinsic::tanh, X));
        C->setHasApproxFunc(true);
        return C;
      });
    else if (Base == "ex2")
      R = throughFloat(B, A[0], [&](Value *X) {
        return B.CreateIntrinsic(Ftz ? Intrinsic::nvvm_ex2_approx_ftz : Intrinsic::nvvm_ex2_approx,
                                 {B.getFloatTy()}, {X});
      });
    else if (Base == "lg2")
      R = Fl(Intrinsic::nvvm_lg2_approx_f, Intrinsic::nvvm_lg2_approx_ftz_f, A[0]);
    else if (Base == "rsqrt")
      R = Fl(Intrinsic::nvvm_rsqrt_approx_f, Intrinsic::nvvm_rsqrt_approx_ftz_f, A[0]);
    else if (Base == "sqrt")
      R = Rn ? B.CreateUnaryIntrinsic(Intrinsic::sqrt, A[0])
             : Fl(Intrinsic::nvvm_sqrt_approx_f, Intrinsic::nvvm_sqrt_approx_ftz_f, A[0]);
    else if (Base == "rcp")
      R = Ftz ? Fl(Intrinsic::nvvm_rcp_approx_ftz_f, Intrinsic::nvvm_rcp_approx_ftz_f, A[0])
              : B.CreateFDiv(ConstantFP::get(B.getFloatTy(), 1.0), A[0]);
    else if (Base == "div")
      R = Rn ? B.CreateFDiv(A[0], A[1])
             : B.CreateIntrinsic(B.getFloatTy(),
                                 Ftz ? Intrinsic::nvvm_div_approx_ftz_f
                                     : Intrinsic::nvvm_div_approx_f,
                                 {A[0], A[1]});
    if (R && Sat)
      R = saturate(B, R);
    if (R && Relu) { // Negative to +0; NaN stays.
      Value *Zero = ConstantFP::get(Elt, 0.0);
      R = B.CreateSelect(B.CreateFCmpOLT(R, Zero), Zero, R);
    }
    return R;
  };
  return applyLanes(Blk, Ops, Ty, Pair, Elt, Lane);
}

/// setp.CMP.T p, a, b (T one float type) and set.CMP.D.S d, a, b.
bool emitCompare(HalfAsmBlock &Blk, ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops) {
  IRBuilder<> &B = Blk.builder();
  LLVMContext &Ctx = B.getContext();
  bool Setp = Parts[0] == "setp";
  if (Parts.size() != (Setp ? 3u : 4u) || Ops.size() != 3)
    return false;
  std::optional<CmpInst::Predicate> P = ptxFloatComparison(Parts[1]);
  StringRef S = Parts.back(), D = Setp ? "pred" : Parts[2];
  bool Pair = S == "f16x2" || S == "bf16x2";
  if (!P || (!Pair && S != "f16" && S != "bf16" && S != "f32" && S != "f64"))
    return false;
  Type *Elt = ptxIrType(Pair ? S.drop_back(2) : S, Ctx);
  if (Setp) {
    if (Pair)
      return false;
    return applyLanes(Blk, Ops, Elt, false, Elt,
                      [&](ArrayRef<Value *> A) { return B.CreateFCmp(*P, A[0], A[1]); });
  }
  // What set writes for true: 1.0 in a floating type, all ones in an integer.
  bool DPair = D.ends_with("x2");
  StringRef DLane = DPair ? D.drop_back(2) : D;
  Type *DTy = ptxIrType(DLane, Ctx);
  if (!DTy || DTy->isIntegerTy(1) || DTy->isIntegerTy(8) || DTy->isIntegerTy(64) ||
      DTy->isDoubleTy())
    return false;
  if (Pair) { // Each lane's result is 16 bits: f16x2, bf16x2, u16x2, s16x2, or u32/s32.
    if (DPair ? DTy->getPrimitiveSizeInBits() != 16 : (D != "u32" && D != "s32"))
      return false;
    DTy = DPair ? DTy : B.getInt16Ty();
  } else if (DPair) {
    return false;
  }
  Constant *True = DTy->isFloatingPointTy() ? ConstantFP::get(DTy, 1.0)
                                            : Constant::getAllOnesValue(DTy);
  Constant *False = Constant::getNullValue(DTy);
  return applyLanes(Blk, Ops, ptxIrType(S, Ctx), Pair, Elt, [&](ArrayRef<Value *> A) {
    return B.CreateSelect(B.CreateFCmp(*P, A[0], A[1]), True, False);
  });
}

/// The names between braces of "{a, b}", or none.
std::optional<SmallVector<StringRef, 4>> vectorOperand(StringRef Tok) {
  Tok = Tok.trim();
  if (!Tok.consume_front("{") || !Tok.consume_back("}"))
    return std::nullopt;
  SmallVector<StringRef, 4> Names;
  Tok.split(Names, ',');
  for (StringRef &N : Names)
    N = N.trim();
  return Names;
}

/// mov.T d, a; with {..} on either side, the lanes of a wider register.
bool emitMove(HalfAsmBlock &Blk, StringRef T, ArrayRef<StringRef> Ops) {
  IRBuilder<> &B = Blk.builder();
  Type *Ty = ptxIrType(T, B.getContext());
  if (!Ty || Ty->isIntegerTy(1) || Ops.size() != 2)
    return false;
  unsigned Bits = Ty->getPrimitiveSizeInBits();
  Type *Wide = B.getIntNTy(Bits);
  if (auto Dst = vectorOperand(Ops[0])) { // Unpack.
    unsigned N = Dst->size(), Lane = Bits / N;
    Value *V = Blk.read(Ops[1], Wide);
    if (!V || Bits % N || (Lane != 16 && Lane != 32))
      return false;
    for (unsigned I = 0; I < N; ++I) {
      Value *Part = B.CreateTrunc(I ? B.CreateLShr(V, I * Lane) : V, B.getIntNTy(Lane));
      if (!Blk.write((*Dst)[I], Part))
        return false;
    }
    return true;
  }
  if (auto Src = vectorOperand(Ops[1])) { // Pack.
    unsigned N = Src->size(), Lane = Bits / N;
    if (Bits % N || (Lane != 16 && Lane != 32))
      return false;
    Value *R = ConstantInt::get(Wide, 0);
    for (unsigned I = 0; I < N; ++I) {
      Value *Part = Blk.read((*Src)[I], B.getIntNTy(Lane));
      if (!Part)
        return false;
      Value *Ext = B.CreateZExt(Part, Wide);
      R = B.CreateOr(R, I ? B.CreateShl(Ext, I * Lane) : Ext);
    }
    return Blk.write(Ops[0], R);
  }
  Value *V = Blk.read(Ops[1], Ty);
  return V && Blk.write(Ops[0], V);
}

/// atom.add.noftz.T d, [a], b on f16, bf16 and their pairs. A pair is one
/// 4-byte atomic, as the hardware does it: atomicrmw fadd on <2 x T>.
bool emitAtomicAdd(HalfAsmBlock &Blk, ArrayRef<StringRef> Parts, ArrayRef<StringRef> Ops) {
  IRBuilder<> &B = Blk.builder();
  if (Parts.size() != 4 || Parts[1] != "add" || Parts[2] != "noftz" || Ops.size() != 3)
    return false;
  StringRef T = Parts[3];
  bool Pair = T == "f16x2" || T == "bf16x2";
  if (!Pair && T != "f16" && T != "bf16")
    return false;
  Type *Elt = ptxIrType(Pair ? T.drop_back(2) : T, B.getContext());
  Value *P = Blk.address(Ops[1]), *V = Blk.read(Ops[2], ptxIrType(T, B.getContext()));
  if (!P || !V)
    return false;
  if (!Pair)
    return Blk.write(Ops[0], B.CreateAtomicRMW(AtomicRMWInst::FAdd, P, V, Align(2),
                                               AtomicOrdering::Monotonic));
  Type *Vec = FixedVectorType::get(Elt, 2);
  Value *Old = B.CreateAtomicRMW(AtomicRMWInst::FAdd, P, B.CreateBitCast(V, Vec), Align(4),
                                 AtomicOrdering::Monotonic);
  return Blk.write(Ops[0], B.CreateBitCast(Old, V->getType()));
}

bool emitInstruction(HalfAsmBlock &Blk, StringRef Opcode, ArrayRef<StringRef> Ops) {
  SmallVector<StringRef, 6> Parts;
  Opcode.split(Parts, '.');
  StringRef Base = Parts[0];
  if (Parts.size() < 2)
    return false;
  if (Base == "mov")
    return Parts.size() == 2 && emitMove(Blk, Parts[1], Ops);
  if (Base == "selp") {
    Type *Ty = ptxIrType(Parts[1], Blk.builder().getContext());
    if (Parts.size() != 2 || !Ty || Ty->isIntegerTy(1) || Ops.size() != 4)
      return false;
    Value *A = Blk.read(Ops[1], Ty), *Bv = Blk.read(Ops[2], Ty),
          *C = Blk.read(Ops[3], Blk.builder().getInt1Ty());
    return A && Bv && C && Blk.write(Ops[0], Blk.builder().CreateSelect(C, A, Bv));
  }
  if (Base == "and" || Base == "or" || Base == "xor" || Base == "not") {
    Type *Ty = ptxIrType(Parts[1], Blk.builder().getContext());
    bool Not = Base == "not";
    if (Parts.size() != 2 || !Ty || !Ty->isIntegerTy() || Parts[1][0] != (Ty->isIntegerTy(1) ? 'p' : 'b') ||
        Ops.size() != (Not ? 2u : 3u))
      return false;
    IRBuilder<> &B = Blk.builder();
    return applyLanes(Blk, Ops, Ty, false, Ty, [&](ArrayRef<Value *> A) -> Value * {
      if (Not)
        return B.CreateNot(A[0]);
      return Base == "and" ? B.CreateAnd(A[0], A[1])
                           : Base == "or" ? B.CreateOr(A[0], A[1]) : B.CreateXor(A[0], A[1]);
    });
  }
  if (Base == "setp" || Base == "set")
    return emitCompare(Blk, Parts, Ops);
  if (Base == "cvt")
    return emitHalfConvert(Blk, ArrayRef<StringRef>(Parts).drop_front(), Ops);
  if (Base == "atom")
    return emitAtomicAdd(Blk, Parts, Ops);
  return emitArithmetic(Blk, Base, ArrayRef<StringRef>(Parts).slice(1, Parts.size() - 2),
                        Parts.back(), Ops);
}

/// Operands split at the commas outside braces and brackets.
SmallVector<StringRef, 4> splitOperands(StringRef Text) {
  SmallVector<StringRef, 4> Ops;
  int Depth = 0;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Depth += (C == '{' || C == '[') - (C == '}' || C == ']');
    if (C == ',' && Depth == 0) {
      Ops.push_back(Text.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Ops.push_back(Text.drop_front(Start).trim());
  return Ops;
}

bool translate(HalfAsmBlock &Blk, StringRef Text) {
  SmallVector<StringRef, 8> Statements;
  Text.split(Statements, ';');
  Blk.openScope();
  for (StringRef S : Statements) {
    for (;;) {
      S = S.ltrim();
      if (S.consume_front("{"))
        Blk.openScope();
      else if (S.consume_front("}")) {
        if (!Blk.closeScope())
          return false;
      } else
        break;
    }
    S = S.rtrim();
    if (S.empty())
      continue;
    if (S.consume_front(".reg")) {
      if (!Blk.declare(S))
        return false;
      continue;
    }
    size_t Space = S.find_first_of(" \t\n");
    if (Space == StringRef::npos)
      return false;
    StringRef Opcode = S.take_front(Space);
    if (Opcode.contains_insensitive("@") || Opcode.ends_with(":"))
      return false; // Predicated instructions, labels.
    SmallVector<StringRef, 4> Ops = splitOperands(S.drop_front(Space));
    if (llvm::any_of(Ops, [](StringRef Op) { return Op.empty(); }) ||
        !emitInstruction(Blk, Opcode, Ops))
      return false;
  }
  return Blk.closeScope();
}

Value *lowerOne(CallInst &CI, const InlineAsm &Asm) {
  Instruction *Before = CI.getPrevNode(); // What is after it is ours.
  HalfAsmBlock Blk(CI, Asm);
  Value *R = Blk.valid() && translate(Blk, Asm.getAsmString()) ? Blk.result() : nullptr;
  if (R)
    return R;
  // Abandoned: erase what was emitted before the call.
  eraseBuiltBefore(CI, Before);
  return nullptr;
}
} // namespace

unsigned lowerHalfAsm(Module &M) { return replaceInlineAsm(inlineAsmCalls(M), lowerOne); }

} // namespace warplint
