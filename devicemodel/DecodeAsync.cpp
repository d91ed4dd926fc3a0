//===- DecodeAsync.cpp - mbarriers and wgmma ------------------------------===//
//
// The asynchronous family of the decoder: the NVVM mbarrier intrinsics (the
// frontends lower mbarrier.* in .ptx and in inline asm to them), and the
// wgmma family: wgmma.mma_async as the frontends' __warplint_wgmma.* call,
// wgmma.fence/commit_group/wait_group, which order nothing the model needs
// (a wgmma completes when issued). __warplint_ptx_use (what the .ptx lifter
// keeps alive for the analysis) does nothing.
//
//===----------------------------------------------------------------------===//
#include "devicemodel/ProgramDecoder.h"
#include "frontend/DeviceModule.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace warplint {
namespace dm {

namespace {
/// The operation an mbarrier intrinsic's name (after "llvm.nvvm.mbarrier.")
/// says, or none.
std::optional<MbarrierKind> mbarrierKind(StringRef Op) {
  if (Op.starts_with("init"))
    return MB_Init;
  if (Op.starts_with("inval"))
    return MB_Inval;
  if (Op.starts_with("arrive.drop.expect.tx"))
    return MB_ArriveDropExpectTx;
  if (Op.starts_with("arrive.expect.tx"))
    return MB_ArriveExpectTx;
  if (Op.starts_with("arrive.drop"))
    return MB_ArriveDrop;
  if (Op.starts_with("arrive"))
    return MB_Arrive;
  if (Op.starts_with("expect.tx"))
    return MB_ExpectTx;
  if (Op.starts_with("complete.tx"))
    return MB_CompleteTx;
  if (Op.starts_with("test.wait.parity") || Op.starts_with("try.wait.parity"))
    return MB_TestWaitParity;
  if (Op.starts_with("test.wait") || Op.starts_with("try.wait"))
    return MB_TestWait;
  return std::nullopt;
}
} // namespace

bool ProgramDecoder::decodeAsyncCall(const CallBase &CB, StringRef Name) {
  if (Name == "__warplint_ptx_use" || Name.starts_with("llvm.nvvm.wgmma.fence") ||
      Name.starts_with("llvm.nvvm.wgmma.commit") || Name.starts_with("llvm.nvvm.wgmma.wait"))
    return true;
  if (Name.starts_with("__warplint_wgmma."))
    return decodeWgmma(CB, Name);
  StringRef Op = Name;
  if (!Op.consume_front("llvm.nvvm.mbarrier."))
    return false;
  std::optional<MbarrierKind> K = mbarrierKind(Op);
  if (!K) {
    unsupported(CB, "mbarrier operation not modelled:");
    return true;
  }
  bool Wait = *K == MB_TestWait || *K == MB_TestWaitParity;
  bool Counted = *K == MB_Arrive || *K == MB_ArriveDrop;
  Inst D;
  D.Opc = Op::Mbarrier;
  D.Aux = *K;
  D.A = slot(CB.getArgOperand(0));
  // The old forms (arrive.shared, arrive_drop.shared) arrive once; the
  // others name their count or bytes.
  D.B = CB.arg_size() >= 2 ? slot(CB.getArgOperand(1)) : Counted ? constSlot(1) : NoSlot;
  if (!CB.getType()->isVoidTy())
    D.Dst = valueSlot(&CB);
  unsigned OpKind = *K == MB_Init || *K == MB_Inval ? 1 : Wait ? 0 : CB.use_empty() ? 3 : 2;
  // A wait that sees its phase complete acquires what the arrivals and the
  // transactions released (the PTX memory model's mbarrier semantics).
  D.Site = siteIndex(CB, AS_Shared, OpKind, 8, /*Acquire=*/Wait,
                     /*Release=*/!Wait && OpKind != 1);
  P.Sites[D.Site].Mbarrier = true;
  emit(D);
  return true;
}

bool ProgramDecoder::decodeWgmma(const CallBase &CB, StringRef Name) {
  // __warplint_wgmma.<atype>(i64 desc-a, i64 desc-b, i1 scale-d, i32
  // imm-scale-a, i32 imm-scale-b, i32 imm-trans-a, i32 imm-trans-b,
  // <N/2 x float> d) -> <N/2 x float>
  auto *VT = dyn_cast<FixedVectorType>(CB.getType());
  auto Imm = [&](unsigned K) -> std::optional<int64_t> {
    if (auto *C = dyn_cast<ConstantInt>(CB.getArgOperand(K)))
      return C->getSExtValue();
    return std::nullopt;
  };
  StringRef AType = Name.drop_front(strlen("__warplint_wgmma."));
  if (!VT || CB.arg_size() != 8 || !Imm(3) || !Imm(4) || !Imm(5) || !Imm(6) ||
      (AType != "f16" && AType != "bf16")) {
    unsupported(CB, "wgmma form not modelled:");
    return true;
  }
  unsigned N = VT->getNumElements() * 2;
  Inst D;
  D.Opc = Op::Wgmma;
  D.Aux = N | (AType == "bf16" ? WgmmaBF16 : 0) | (*Imm(3) < 0 ? WgmmaNegA : 0) |
          (*Imm(4) < 0 ? WgmmaNegB : 0) | (*Imm(5) ? WgmmaTransA : 0) |
          (*Imm(6) ? WgmmaTransB : 0);
  D.A = slot(CB.getArgOperand(0));
  D.B = slot(CB.getArgOperand(1));
  D.Imm = slot(CB.getArgOperand(2));
  D.C = lanesSlot(CB.getArgOperand(7), N / 2);
  D.Dst = valueSlot(&CB);
  emit(D);
  return true;
}

} // namespace dm
} // namespace warplint
