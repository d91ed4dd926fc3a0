//===- AccessRelations.h - What the accesses of a kernel say of each other -*- C++ -*-===//
//
// Cross-access facts: a misaligned load whose sectors another load of the
// same warp touches (a stencil neighbour), struct-field accesses that
// together cover their whole structure, and strided atomics that together
// cover their whole stride.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_ACCESSRELATIONS_H
#define WARPLINT_ANALYZER_ACCESSRELATIONS_H

#include "analyzer/Prediction.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/MemoryCost.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <vector>

namespace warplint {

/// Sectors of one warp: 32 lanes, each in one or two sectors as a rule.
using SectorList = llvm::SmallVector<uint64_t, 64>;

/// The global sectors the active lanes of W touch, sorted and distinct, into
/// Out (emptied first).
void sectorsInto(WarpAddressView W, const ArchProfile &Arch, SectorList &Out);

/// True when the sorted sector lists A and B have a sector in common.
bool shareAny(llvm::ArrayRef<uint64_t> A, llvm::ArrayRef<uint64_t> B);

/// One warp of an access, to compare it with the other accesses of the
/// kernel: the sample, the global sectors it touches, its first lane's address.
struct ProbeFacts {
  std::optional<WarpSample> S;
  SectorList Sectors;
  uint64_t Lane0Addr = 0;
};

/// Fills SharesSectorsWith, EveryFieldUsed and StrideCovered of Predictions (one per access
/// of Spaces) from the probe warp of each access.
void relateAccesses(const StateSpaces &Spaces, const std::vector<ProbeFacts> &Probes,
                    std::vector<Prediction> &Predictions);

} // namespace warplint

#endif
