//===- AccessPrediction.h - The predicted cost of one access ----*- C++ -*-===//
#ifndef WARPLINT_ANALYZER_ACCESSPREDICTION_H
#define WARPLINT_ANALYZER_ACCESSPREDICTION_H

#include "analyzer/AccessRelations.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/Prediction.h"
#include "analyzer/StateSpaces.h"
#include "analyzer/ThreadIndexModel.h"
#include "analyzer/arch/ArchProfile.h"

#include "llvm/ADT/DenseMap.h"

namespace warplint {

/// The prediction for access A of kernel K: its pattern, stride and cost per
/// request against the ideal, averaged over the sampled warps and loop
/// iterations. Rpo numbers K's blocks in reverse post-order. For a global
/// access, Probe receives one sampled warp of it, to relate it to the other
/// accesses (relateAccesses).
Prediction predictAccess(const MemoryAccess &A, const llvm::Function &K,
                         ThreadIndexModel &Model,
                         const llvm::DenseMap<const llvm::BasicBlock *, unsigned> &Rpo,
                         const LaunchConfig &Launch, const ArchProfile &Arch,
                         ProbeFacts &Probe);

/// What one request of W costs in Space (sectors, wavefronts or constant
/// passes) and what the same lanes would cost at best, as predictAccess
/// prices its samples; Atomic: a shared atomic, Inst its instruction.
/// Bulk: the lanes' bulk copies (IrAccess::BulkCopy), whose one execution
/// is every piece the TMA reads: their sectors, not one piece's.
std::pair<double, double> requestCost(WarpAddressView W, unsigned Space,
                                      const ArchProfile &Arch, bool Atomic,
                                      const llvm::Instruction &Inst, bool Bulk = false);

/// The bytes one bulk copy of Site (IrAccess::BulkCopy) moves in warp
/// sample S, whose active lanes are Mask: its constant length, or the one
/// the model evaluates (the first active lane's); None when that is not
/// known (loaded data, not modelled).
std::optional<uint64_t> bulkCopyBytes(const IrAccess &Site, ThreadIndexModel &Model,
                                      const WarpSample &S, uint32_t Mask);

/// What a data-dependent access depends on, for its prediction: "a value
/// loaded at line 12", "a value computed at line 7", "loaded data".
std::string describeDependence(const llvm::Value *V);

} // namespace warplint

#endif
