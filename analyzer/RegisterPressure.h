//===- RegisterPressure.h - Registers live at once in a kernel --*- C++ -*-===//
//
// Liveness over the NVPTX IR of one kernel: the largest number of 32-bit
// registers live at once (64-bit values count two, predicates apart), where
// that happens and which source lines define what is live there. Compared
// with the register cap (the arch's per-thread limit, __launch_bounds__,
// __maxnreg__ and --maxrregcount) it predicts whether ptxas will spill.
//
// Spills exist only after ptxas: this is a prediction. The estimate of
// ptxas's register count is calibrated on the kernels in
// tests/lit/registers/Inputs (bench/registers.sh reports the error).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_REGISTERPRESSURE_H
#define WARPLINT_ANALYZER_REGISTERPRESSURE_H

#include "analyzer/arch/ArchProfile.h"
#include "frontend/SourceLocation.h"

#include "llvm/IR/Function.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// Options that change the register cap.
struct RegisterPressureOptions {
  /// nvcc's --maxrregcount; 0 for none.
  unsigned MaxRRegCount = 0;
};

/// The launch bounds a kernel declares in the IR ("nvvm.maxntid",
/// "nvvm.minctasm", "nvvm.maxnreg" attributes, or !nvvm.annotations).
struct LaunchBounds {
  /// Product of maxntid (of reqntid when only that is given: a required
  /// block is also the most threads); 0 when absent.
  unsigned MaxThreads = 0;
  unsigned MinBlocks = 0;  ///< minctasm (PTX .minnctapersm); 0 when absent.
  unsigned MaxRegisters = 0; ///< __maxnreg__; 0 when absent.
  /// maxntid as x,y,z (CUDA's __launch_bounds__(N) is N,1,1).
  std::optional<std::array<unsigned, 3>> MaxDims;
  /// reqntid (PTX .reqntid, __cluster_dims__-style required blocks): the one
  /// block shape the kernel launches with.
  std::optional<std::array<unsigned, 3>> ReqDims;
};

/// Reads the launch bounds of F.
LaunchBounds readLaunchBounds(const llvm::Function &F);

/// The register cap ptxas works under, and where it comes from.
struct RegisterCap {
  unsigned Registers = 0;
  /// "the sm_90 limit", "__launch_bounds__(1024, 2)", "--maxrregcount=32",
  /// "__maxnreg__(40)".
  std::string Source;
};

/// The register cap for F on Arch.
RegisterCap registerCap(const llvm::Function &F, const ArchProfile &Arch,
                        const RegisterPressureOptions &Opts = {});

/// A source line whose values are live at the peak.
struct LiveLine {
  SourceLoc Loc;            ///< Where the values are defined.
  unsigned Registers = 0;   ///< 32-bit registers they hold.
  unsigned Values = 0;      ///< IR values.
  std::string Names;        ///< Variable names, comma separated, when known.
};

/// Register pressure of one kernel. Query it, print it.
class RegisterPressure {
public:
  /// Analyzes Kernel (its body after inlining; calls are not followed).
  static RegisterPressure analyze(const llvm::Function &Kernel,
                                  const ArchProfile &Arch,
                                  const RegisterPressureOptions &Opts = {});

  const llvm::Function &kernel() const { return *Kernel; }
  /// The most 32-bit registers live at one program point.
  unsigned maxLiveRegisters() const { return MaxLive; }
  /// Predicates live at that point (and the most at any point).
  unsigned maxLivePredicates() const { return MaxPredicates; }
  /// The estimate of ptxas's "Used N registers" without a cap.
  unsigned estimatedRegisters() const;
  /// Where the peak is; null for an empty kernel.
  const llvm::Instruction *peakInstruction() const { return Peak; }
  SourceLoc peakLocation() const { return PeakLoc; }
  /// What is live at the peak, by defining source line, most registers first.
  llvm::ArrayRef<LiveLine> liveAtPeak() const { return LiveLines; }
  const RegisterCap &cap() const { return Cap; }
  /// True when the estimate exceeds the cap: ptxas will likely spill.
  bool spillRisk() const { return estimatedRegisters() > Cap.Registers; }
  /// Whether the kernel calls functions that were not inlined (their
  /// registers are not counted).
  bool hasCalls() const { return HasCalls; }

  /// One line for a finding: "about 70 registers live at line 12 exceed the
  /// cap of 32 from __launch_bounds__(1024, 2): ptxas will spill".
  std::string message() const;
  void print(llvm::raw_ostream &OS) const;

private:
  const llvm::Function *Kernel = nullptr;
  unsigned MaxLive = 0, MaxPredicates = 0;
  const llvm::Instruction *Peak = nullptr;
  SourceLoc PeakLoc;
  std::vector<LiveLine> LiveLines;
  RegisterCap Cap;
  bool HasCalls = false;
};

/// 32-bit registers a value of type T occupies (0 for i1, which is a
/// predicate, and for void).
unsigned registersForType(const llvm::Type *T, const llvm::DataLayout &DL);

} // namespace warplint

#endif
