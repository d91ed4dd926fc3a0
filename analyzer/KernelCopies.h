//===- KernelCopies.h - Analyze copies of one kernel once -------*- C++ -*-===//
//
// Kernels of one module that are copies of each other (a file's kernels
// pasted into several namespaces, identical template instantiations) have
// the same optimized IR up to the names of values and globals and debug
// lines shifted by one amount. Their access patterns are the same but for
// those lines: the first copy is analyzed, the others take its result with
// the lines and IR pointers mapped to their own.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_KERNELCOPIES_H
#define WARPLINT_ANALYZER_KERNELCOPIES_H

#include "analyzer/AccessPatterns.h"

#include "llvm/ADT/DenseMap.h"

#include <memory>
#include <vector>

namespace warplint {

/// How kernel B corresponds to kernel A: each value of A (instructions,
/// arguments, blocks, globals) to B's, and the lines of B's user locations
/// less A's.
struct KernelCorrespondence {
  llvm::DenseMap<const llvm::Value *, const llvm::Value *> Values;
  int64_t LineDelta = 0;
  const llvm::Value *map(const llvm::Value *V) const;
};

/// Whether kernel B is a copy of kernel A, as far as the access-pattern
/// analysis can tell: the same instructions, types, flags, constants and
/// callees in the same order; globals of the same type, space, alignment and
/// initializer, one for one; argument names equal; every user location
/// (and outermost location) of B that of A moved down by one number of lines
/// in the same file and column. Fills C when it is.
bool isCopyOf(const llvm::Function &A, const llvm::Function &B, KernelCorrespondence &C);

/// AccessPatterns::analyze with the results of copies reused. One per module
/// (the kernels it sees stay alive as long as it does).
class AccessPatternsCache {
public:
  AccessPatternsCache();
  ~AccessPatternsCache();

  /// AccessPatterns::analyze(Spaces, Launch, Arch, Budget), or the result
  /// for an earlier copy of Spaces' kernel analyzed with the same launch,
  /// architecture and budget, mapped to this kernel.
  AccessPatterns analyze(const StateSpaces &Spaces, const LaunchConfig &Launch,
                         const ArchProfile &Arch, const AnalysisBudget &Budget);

  /// Kernels whose result came from a copy.
  unsigned reused() const { return Reused; }

private:
  struct Entry;
  llvm::DenseMap<uint64_t, std::vector<std::unique_ptr<Entry>>> Entries;
  unsigned Reused = 0;
};

} // namespace warplint

#endif
