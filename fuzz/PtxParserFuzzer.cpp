//===- PtxParserFuzzer.cpp - libFuzzer target for the PTX frontend --------===//
//
// Parses arbitrary bytes as PTX and, when they parse, lifts them into LLVM IR
// (the lifter verifies its module). Neither may crash, hang or leak; errors
// are fine.
//
//===----------------------------------------------------------------------===//
#include "frontend/ptx/PtxLifter.h"
#include "frontend/ptx/PtxParser.h"

#include "llvm/IR/LLVMContext.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  llvm::StringRef Text(reinterpret_cast<const char *>(Data), Size);
  llvm::Expected<warplint::ptx::Module> M = warplint::ptx::parse(Text, "fuzz.ptx");
  if (!M) {
    llvm::consumeError(M.takeError());
    return 0;
  }
  llvm::LLVMContext Ctx;
  llvm::DataLayout DL("e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64");
  warplint::PtxLiftOptions Opts;
  Opts.Path = "fuzz.ptx";
  Opts.Buffer = Text;
  llvm::Expected<warplint::PtxLiftResult> R = warplint::liftPtx(*M, Ctx, DL, Opts);
  if (!R)
    llvm::consumeError(R.takeError());
  return 0;
}
