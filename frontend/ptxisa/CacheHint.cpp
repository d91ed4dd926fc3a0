//===- CacheHint.cpp - A load's or store's PTX cache operator -------------===//
#include "frontend/ptxisa/CacheHint.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Metadata.h"

using namespace llvm;

namespace warplint {

std::string cacheHint(const Instruction &I) {
  if (const auto *N = dyn_cast_or_null<MDNode>(I.getMetadata(CacheHintKind)))
    if (N->getNumOperands() == 1)
      if (const auto *S = dyn_cast<MDString>(N->getOperand(0)))
        return S->getString().str();
  return "";
}

void setCacheHint(Instruction &I, StringRef Hint) {
  LLVMContext &Ctx = I.getContext();
  I.setMetadata(CacheHintKind, MDNode::get(Ctx, MDString::get(Ctx, Hint)));
}

bool isCacheOperator(StringRef Q, bool Load) {
  if (Load)
    return StringSwitch<bool>(Q).Cases({"ca", "cg", "cs", "lu", "cv", "nc"}, true).Default(false);
  return StringSwitch<bool>(Q).Cases({"wb", "cg", "cs", "wt"}, true).Default(false);
}

} // namespace warplint
