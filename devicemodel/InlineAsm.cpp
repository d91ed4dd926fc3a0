//===- InlineAsm.cpp - Inline asm the device model runs -------------------===//
#include "devicemodel/InlineAsm.h"

#include "frontend/NvptxPipeline.h"

#include "llvm/IR/InlineAsm.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {
namespace dm {

/// Why the families of PTX instructions the device model knows and does not
/// model stop a run, or "" (Text holds none of them).
static std::string unmodelledFamily(StringRef Text) {
  static const Regex Tex("(^|[;{}[:space:]])(tex|tld4|txq|suld|sust|sured|suq)\\.");
  static const Regex Mbarrier("(^|[;{}[:space:]])(mbarrier|cp\\.async\\.mbarrier|"
                              "cp\\.async\\.bulk|cp\\.reduce\\.async\\.bulk)\\.");
  if (Tex.match(Text))
    return "texture and surface instructions are not modelled (a texture's memory and "
           "layout are set up by the host)";
  if (Mbarrier.match(Text))
    return "this mbarrier or bulk-copy asm is not modelled (the model runs asm of one "
           "mbarrier instruction, a try_wait/test_wait block that selp's its predicate, and "
           "non-tensor cp.async.bulk to shared memory; cuda::barrier's asm blocks, "
           "cp.async.mbarrier.arrive, tensor and reduction bulk copies are not)";
  return "";
}

AsmMeaning asmMeaning(const InlineAsm &Asm) {
  AsmMeaning M;
  if (StringRef(Asm.getAsmString()).starts_with(ConstantStoreMarker)) {
    M.K = AsmMeaning::ConstantStore;
    M.Why = StringRef(Asm.getAsmString()).drop_front(strlen(ConstantStoreMarker)).str();
    return M;
  }
  if (std::string Why = unmodelledFamily(Asm.getAsmString()); !Why.empty()) {
    M.K = AsmMeaning::Refused;
    M.Why = std::move(Why);
    return M;
  }
  StringRef Cons = Asm.getConstraintString();
  if (!Cons.starts_with("=r") && !Cons.starts_with("=l"))
    return M;
  static const Regex Mov("^[[:space:]]*mov\\.[ub](32|64)[[:space:]]+\\$0[[:space:]]*,[[:space:]]*"
                         "%([a-z_0-9.]+)[[:space:]]*;?[[:space:]]*$");
  SmallVector<StringRef, 3> Match;
  if (!Mov.match(Asm.getAsmString(), &Match))
    return M;
  StringRef Reg = Match[2];
  // The one table of special registers (frontend/ptxisa/SpecialRegisters.def),
  // envreg1 and envreg2 among them.
  if (const ptx::SpecialRegister *R = ptx::lookupSpecialRegister(Reg)) {
    M.K = AsmMeaning::Register;
    M.Reg = modelledRegister(*R);
    return M;
  }
  if (Reg.starts_with("envreg")) {
    M.K = AsmMeaning::Refused;
    M.Why = envregRefusal(Reg);
  }
  return M;
}

SRegKind modelledRegister(const ptx::SpecialRegister &R) {
  static const SRegKind Kinds[] = {
#define PTX_SREG(Name, Intrinsic, Model) SR_##Model,
#include "frontend/ptxisa/SpecialRegisters.def"
  };
  return Kinds[R.Row];
}

std::string envregRefusal(StringRef Reg) {
  return ("the driver-defined register %" + Reg + " is not modelled").str();
}

std::string asmText(const InlineAsm &Asm) {
  std::string S = "'" + Asm.getAsmString().str() + "'";
  for (char &C : S)
    if (C == '\n' || C == '\t')
      C = ' ';
  return S + " (constraints \"" + Asm.getConstraintString().str() + "\")";
}

} // namespace dm
} // namespace warplint
