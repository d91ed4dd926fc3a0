//===- ptx_bench.cpp - Parse + lift throughput of the PTX frontend --------===//
//
// usage: ptx_bench FILE.ptx [REPEAT]
// Prints one line: bytes, kernels, the best-of-REPEAT seconds and MB/s of
// parsing and of lifting, and one run of the NVPTX IR pipeline that follows.
//
//===----------------------------------------------------------------------===//
#include "frontend/NvptxPipeline.h"
#include "frontend/ptx/PtxLifter.h"
#include "frontend/ptx/PtxParser.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <chrono>

using namespace llvm;
using namespace warplint;

int main(int argc, char **argv) {
  if (argc < 2) {
    errs() << "usage: ptx_bench FILE.ptx [REPEAT]\n";
    return 2;
  }
  int Repeat = argc > 2 ? std::max(1, atoi(argv[2])) : 3;
  auto Buf = MemoryBuffer::getFile(argv[1]);
  if (!Buf) {
    errs() << argv[1] << ": cannot read\n";
    return 2;
  }
  StringRef Text = (*Buf)->getBuffer();
  auto TM = createNvptxTargetMachine("sm_90");
  if (!TM) {
    errs() << toString(TM.takeError()) << "\n";
    return 2;
  }
  using Clock = std::chrono::steady_clock;
  auto Secs = [](Clock::time_point A, Clock::time_point B) {
    return std::chrono::duration<double>(B - A).count();
  };
  double Parse = 1e30, Lift = 1e30, Opt = 1e30;
  size_t Kernels = 0;
  for (int R = 0; R < Repeat; ++R) {
    auto T0 = Clock::now();
    Expected<ptx::Module> PM = ptx::parse(Text, argv[1]);
    auto T1 = Clock::now();
    if (!PM) {
      errs() << toString(PM.takeError());
      return 2;
    }
    LLVMContext Ctx;
    PtxLiftOptions Opts;
    Opts.Path = argv[1];
    Opts.Buffer = Text;
    Expected<PtxLiftResult> L = liftPtx(*PM, Ctx, (*TM)->createDataLayout(), Opts);
    auto T2 = Clock::now();
    if (!L) {
      errs() << toString(L.takeError());
      return 2;
    }
    Parse = std::min(Parse, Secs(T0, T1));
    Lift = std::min(Lift, Secs(T1, T2));
    if (R == 0) { // The IR pipeline is slow and steady: once is enough.
      optimizeForNvptx(*L->M, **TM);
      Opt = Secs(T2, Clock::now());
    }
    Kernels = 0;
    for (const ptx::Function &F : PM->Functions)
      Kernels += F.IsKernel;
  }
  double MB = Text.size() / 1e6;
  outs() << format("%10zu bytes %6zu kernels  parse %.3fs (%.1f MB/s)  lift %.3fs "
                   "(%.1f MB/s)  parse+lift %.1f MB/s  ir-pipeline %.3fs (%.2f MB/s)\n",
                   Text.size(), Kernels, Parse, MB / Parse, Lift, MB / Lift,
                   MB / (Parse + Lift), Opt, MB / Opt);
  return 0;
}
