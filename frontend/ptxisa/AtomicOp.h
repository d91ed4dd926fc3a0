//===- AtomicOp.h - PTX's atom/red operations as LLVM's ---------*- C++ -*-===//
//
// The PTX lifter (atom, red, setp) and the inline-asm lowerings (libcu++'s
// atomics, the half-precision headers' comparisons) name the same operations;
// one table serves both (header only: the PTX fuzzer links the lifter without
// the asm lowerings).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_ATOMICOP_H
#define WARPLINT_FRONTEND_PTXISA_ATOMICOP_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instructions.h"

#include <optional>

namespace warplint {

/// LLVM's operation for PTX's atom/red operation Op (add, exch, min, max,
/// and, or, xor, inc, dec) on floating-point or integer (Signed or not)
/// data; none for another name.
inline std::optional<llvm::AtomicRMWInst::BinOp> ptxAtomicOp(llvm::StringRef Op, bool Float,
                                                             bool Signed) {
  using llvm::AtomicRMWInst;
  return llvm::StringSwitch<std::optional<AtomicRMWInst::BinOp>>(Op)
      .Case("add", Float ? AtomicRMWInst::FAdd : AtomicRMWInst::Add)
      .Case("exch", AtomicRMWInst::Xchg)
      .Case("min", Float ? AtomicRMWInst::FMin : Signed ? AtomicRMWInst::Min : AtomicRMWInst::UMin)
      .Case("max", Float ? AtomicRMWInst::FMax : Signed ? AtomicRMWInst::Max : AtomicRMWInst::UMax)
      .Case("and", AtomicRMWInst::And)
      .Case("or", AtomicRMWInst::Or)
      .Case("xor", AtomicRMWInst::Xor)
      .Case("inc", AtomicRMWInst::UIncWrap)
      .Case("dec", AtomicRMWInst::UDecWrap)
      .Default(std::nullopt);
}

/// LLVM's predicate for PTX's floating-point comparison Cmp (eq, ne, lt,
/// le, gt, ge, their unordered forms equ ... geu, num, nan) as setp/set
/// write it; none for another name.
inline std::optional<llvm::CmpInst::Predicate> ptxFloatComparison(llvm::StringRef Cmp) {
  using llvm::CmpInst;
  return llvm::StringSwitch<std::optional<CmpInst::Predicate>>(Cmp)
      .Case("eq", CmpInst::FCMP_OEQ)
      .Case("ne", CmpInst::FCMP_ONE)
      .Case("lt", CmpInst::FCMP_OLT)
      .Case("le", CmpInst::FCMP_OLE)
      .Case("gt", CmpInst::FCMP_OGT)
      .Case("ge", CmpInst::FCMP_OGE)
      .Case("equ", CmpInst::FCMP_UEQ)
      .Case("neu", CmpInst::FCMP_UNE)
      .Case("ltu", CmpInst::FCMP_ULT)
      .Case("leu", CmpInst::FCMP_ULE)
      .Case("gtu", CmpInst::FCMP_UGT)
      .Case("geu", CmpInst::FCMP_UGE)
      .Case("num", CmpInst::FCMP_ORD)
      .Case("nan", CmpInst::FCMP_UNO)
      .Default(std::nullopt);
}

} // namespace warplint

#endif
