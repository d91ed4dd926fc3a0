//===- Verdicts.h - nvcc's verdict on a file, compiled when needed -*- C++ -*-===//
//
// The VerdictSource of one file under --ptxas=nvcc (the default): the
// first rule about to report a claim about registers, local memory or spills
// asks for it, and nvcc's device compile of the file runs then, once
// (analyzer/NvccVerdict.h, its report kept in the cache directory). PTX and
// IR inputs, which nvcc does not compile from source, are assembled by
// ptxas instead (the PTX input as it is). Files without such a claim never
// run either.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_VERDICTS_H
#define WARPLINT_RULES_VERDICTS_H

#include "rules/Checker.h"
#include "rules/Rule.h"

#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// nvcc's verdict on the kernels of one module, compiled on first use.
class FileVerdicts : public VerdictSource {
public:
  /// Notes receives, once, why there is no verdict when a claim needed one
  /// (no toolkit, a compile that failed or ran out of time).
  FileVerdicts(const DeviceModule &DM, const ArchProfile &Arch, const CheckOptions &Opts,
               std::vector<std::string> &Notes);

  const PtxasFunctionInfo *find(const llvm::Function &Kernel) override;
  std::string missing(const llvm::Function &Kernel) const override;

  /// True once nvcc's compile was asked for (whatever became of it).
  bool asked() const { return Tried; }

private:
  void compile();
  /// PTX and IR input: ptxas on the PTX (the input's own, or the IR's).
  void compileWithPtxas();

  const DeviceModule &DM;
  std::string Arch;
  const CheckOptions &Opts;
  std::vector<std::string> &Notes;
  std::mutex Mutex;
  bool Tried = false;
  std::optional<PtxasReport> Report;
  /// Why there is no report, when there is none.
  std::string Why;
};

} // namespace warplint

#endif
