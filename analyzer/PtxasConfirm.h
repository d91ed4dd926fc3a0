//===- PtxasConfirm.h - Registers and spills as ptxas reports them -*- C++ -*-===//
//
// When the CUDA toolkit's ptxas is found, the module's PTX (emitted in-process
// by LLVM's NVPTX backend) is assembled with `ptxas -arch=sm_XX -v` and its
// report read per function: registers, spill stores and loads, stack frame,
// shared memory. The parser also reads saved ptxas output (fixtures, nvcc -Xptxas -v logs).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_PTXASCONFIRM_H
#define WARPLINT_ANALYZER_PTXASCONFIRM_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// What ptxas says about one function.
struct PtxasFunctionInfo {
  std::string Name;       ///< Mangled, as in the PTX.
  std::string SourceName; ///< Demangled, without the parameter list.
  std::string Arch;       ///< "sm_90", when the report names it.
  bool IsEntry = false;   ///< A kernel ("Compiling entry function").
  unsigned Registers = 0;
  unsigned Barriers = 0;
  uint64_t StackFrameBytes = 0;
  uint64_t SpillStoreBytes = 0;
  uint64_t SpillLoadBytes = 0;
  uint64_t SharedBytes = 0;          ///< Static shared memory ("smem").
  uint64_t CumulativeStackBytes = 0; ///< With the callees' frames.
  bool HasUsage = false;             ///< A "Used N registers" line was seen.
  /// The report is of nvcc's own device compile of the source (NvccVerdict.h),
  /// not of ptxas run on Clang's PTX.
  bool FromNvcc = false;

  bool spills() const { return SpillStoreBytes || SpillLoadBytes; }
  /// Who says so, for messages: "ptxas" or "nvcc's device compile".
  llvm::StringRef by() const { return FromNvcc ? "nvcc's device compile" : "ptxas"; }
  /// "ptxas: 32 registers, 272 bytes stack frame, 488 bytes of spill stores,
  /// 488 bytes of spill loads" ("nvcc's device compile (ptxas -v): ..." for
  /// nvcc's).
  std::string summary() const;
};

/// The whole report of one ptxas run.
struct PtxasReport {
  std::vector<PtxasFunctionInfo> Functions;
  std::vector<std::string> Warnings; ///< "ptxas warning : ..." lines.

  /// The function by mangled or demangled name; null when absent.
  const PtxasFunctionInfo *find(llvm::StringRef Name) const;
  void print(llvm::raw_ostream &OS) const;
};

/// Parses the output of `ptxas -v` (or nvcc -Xptxas -v). Fails when the text
/// holds no function and no "ptxas info" line at all.
llvm::Expected<PtxasReport> parsePtxasOutput(llvm::StringRef Text);

/// Finds the toolkit's program Tool ("ptxas", "nvcc"): CudaPath/bin, then
/// PATH, then $CUDA_PATH/bin, then /usr/local/cuda/bin.
std::optional<std::string> findCudaTool(llvm::StringRef Tool, llvm::StringRef CudaPath = "");

/// Finds ptxas: CudaPath/bin, then PATH, then $CUDA_PATH/bin, then
/// /usr/local/cuda/bin. None when the toolkit is absent.
std::optional<std::string> findPtxas(llvm::StringRef CudaPath = "");

/// The PTX LLVM's NVPTX backend emits for M at Arch (M is not changed).
llvm::Expected<std::string> emitPtx(const llvm::Module &M, llvm::StringRef Arch);

/// Options of one ptxas run.
struct PtxasOptions {
  std::string Arch = "sm_90";
  unsigned MaxRRegCount = 0; ///< --maxrregcount; 0 for none.
};

/// Assembles Ptx with the ptxas at PtxasPath and parses its report. Errors
/// carry ptxas's own messages.
llvm::Expected<PtxasReport> runPtxas(llvm::StringRef PtxasPath, llvm::StringRef Ptx,
                                     const PtxasOptions &Opts);

/// emitPtx + runPtxas for a DeviceModule at its arch (or Opts.Arch when set).
llvm::Expected<PtxasReport> confirmWithPtxas(const DeviceModule &DM,
                                             llvm::StringRef PtxasPath,
                                             const PtxasOptions &Opts);

/// What became of a kernel's private arrays, by ptxas's report: kept in
/// registers (no stack frame, IR had local accesses), in local memory, or
/// spilled. Empty when there is nothing to say.
std::string localMemoryVerdict(const PtxasFunctionInfo &Info, bool IrHasLocalAccesses);

} // namespace warplint

#endif
