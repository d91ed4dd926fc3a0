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
    return "mbarrier objects (cuda::barrier, cuda::memcpy_async with a barrier, "
           "bulk copies) are not modelled";
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
  static const std::pair<const char *, SRegKind> Regs[] = {
      {"tid.x", SR_TidX},         {"tid.y", SR_TidY},         {"tid.z", SR_TidZ},
      {"ntid.x", SR_NTidX},       {"ntid.y", SR_NTidY},       {"ntid.z", SR_NTidZ},
      {"ctaid.x", SR_CtaIdX},     {"ctaid.y", SR_CtaIdY},     {"ctaid.z", SR_CtaIdZ},
      {"nctaid.x", SR_NCtaIdX},   {"nctaid.y", SR_NCtaIdY},   {"nctaid.z", SR_NCtaIdZ},
      {"laneid", SR_LaneId},      {"warpid", SR_WarpId},
      {"lanemask_lt", SR_LaneMaskLt}, {"lanemask_le", SR_LaneMaskLe},
      {"lanemask_gt", SR_LaneMaskGt}, {"lanemask_ge", SR_LaneMaskGe},
      {"lanemask_eq", SR_LaneMaskEq}, {"clock", SR_Clock},       {"clock64", SR_Clock64},
      {"globaltimer", SR_Clock64}, {"globaltimer_lo", SR_Clock},
      {"smid", SR_SmId},          {"nsmid", SR_NSmId},
      {"dynamic_smem_size", SR_DynSmemSize},
      {"reserved_smem_offset_begin", SR_ReservedBegin},
      {"reserved_smem_offset_end", SR_ReservedEnd},
      {"reserved_smem_offset_cap", SR_ReservedCap},
      {"reserved_smem_offset_0", SR_ReservedOffset0},
      {"reserved_smem_offset_1", SR_ReservedOffset1}};
  for (const auto &R : Regs)
    if (Reg == R.first) {
      M.K = AsmMeaning::Register;
      M.Reg = R.second;
      return M;
    }
  if (Reg == "envreg1" || Reg == "envreg2") {
    M.K = AsmMeaning::Register;
    M.Reg = Reg == "envreg1" ? SR_GridWorkspaceHi : SR_GridWorkspaceLo;
    return M;
  }
  if (Reg.starts_with("envreg")) {
    M.K = AsmMeaning::Refused;
    M.Why = envregRefusal(Reg);
  }
  return M;
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
