//===- LaunchFootprints.h - Distinct sectors per buffer over a launch -*- C++ -*-===//
//
// The footprints of LaunchTotals.h (BufferFootprint), from the sectors the
// sampled warps of each access touch; the method is in LaunchCounting.h.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_LAUNCHFOOTPRINTS_H
#define WARPLINT_ANALYZER_LAUNCHFOOTPRINTS_H

#include "analyzer/LaunchTotals.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace warplint {

/// The sectors the sampled warps touch in each pointer parameter or global
/// variable, access by access.
class FootprintSampler {
public:
  FootprintSampler(ThreadIndexModel &Model, const ArchProfile &Arch)
      : Model(Model), Arch(Arch) {}
  /// Samples the sectors of access A (whose launch totals are T) into the
  /// buffers it addresses.
  void add(const MemoryAccess &A, const AccessTotals &T);
  /// Each buffer's distinct sectors over the launch, in the order met.
  std::vector<BufferFootprint> footprints() const;

  /// What one buffer's samples touched (per kind: 0 read, 1 written).
  struct BufferSamples {
    std::string Name;
    llvm::DenseSet<uint64_t> All[2], Half[2];
    double Sampled[2] = {0, 0}, SampledHalf[2] = {0, 0}, SampledSectors[2] = {0, 0};
    double Requests[2] = {0, 0};
    bool Known = true;
  };

private:
  ThreadIndexModel &Model;
  const ArchProfile &Arch;
  std::vector<BufferSamples> Buffers;
  llvm::DenseMap<const llvm::Value *, size_t> BufferIndex;
};

} // namespace warplint

#endif
