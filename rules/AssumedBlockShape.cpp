//===- AssumedBlockShape.cpp - Findings of a 1-D block assumed for 2-D code ===//
#include "rules/AssumedBlockShape.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace warplint {
namespace {

/// The rules whose figure follows from which lanes of a warp are which
/// threads of the block.
bool followsLaneLayout(StringRef Rule) {
  return is_contained({StringRef("global-uncoalesced"), StringRef("global-misaligned"),
                       StringRef("global-aos-field"), StringRef("shared-bank-conflict"),
                       StringRef("constant-divergent"), StringRef("warp-divergent-branch"),
                       StringRef("global-reuse-without-tiling")},
                      Rule);
}

/// The first of threadIdx.y, threadIdx.z, blockDim.y, blockDim.z that F reads.
StringRef higherDimensionRead(const Function &F) {
  for (const Instruction &I : instructions(F)) {
    const auto *II = dyn_cast<IntrinsicInst>(&I);
    if (!II)
      continue;
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
      return "threadIdx.y";
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
      return "threadIdx.z";
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
      return "blockDim.y";
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return "blockDim.z";
    default:
      break;
    }
  }
  return "";
}

} // namespace

bool blockShapeGuessed(const KernelFacts &K) {
  const LaunchConfig &L = K.launch();
  bool Given = !L.BlockAssumed && L.Source != "__launch_bounds__";
  if (Given || L.Block.V[1] != 1 || L.Block.V[2] != 1)
    return false;
  return !higherDimensionRead(K.Kernel).empty();
}

void demoteForGuessedShape(const KernelFacts &K, std::vector<Finding> &Findings) {
  if (!blockShapeGuessed(K))
    return;
  std::string Why =
      formatv("the kernel reads {0}, so it runs in blocks of more than one dimension, not the "
              "1-D {1} {2}: which lanes of a warp are which threads, and so this figure, is a "
              "guess until the launch is given (--block X,Y,Z, a launch file, or a `// "
              "warplint: launch block(X,Y)` comment above the kernel)",
              higherDimensionRead(K.Kernel), K.launch().blockStr(),
              K.launch().BlockAssumed ? "assumed" : "taken from __launch_bounds__")
          .str();
  for (Finding &F : Findings)
    if (F.Level == Severity::Warning && followsLaneLayout(F.Rule)) {
      F.Level = Severity::Note;
      F.Notes.push_back(RelatedNote{F.Loc, Why});
    }
}

} // namespace warplint
