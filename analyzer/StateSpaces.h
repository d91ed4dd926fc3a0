//===- StateSpaces.h - The state space of every memory access ---*- C++ -*-===//
//
// For one kernel and the device functions it calls: every load, store,
// atomic and memory intrinsic, with its PTX state space and, where the space
// is local or could not be resolved, the reason. Also which private arrays
// the optimizer promoted to registers.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_STATESPACES_H
#define WARPLINT_ANALYZER_STATESPACES_H

#include "frontend/DeviceModule.h"
#include "frontend/SourceLocation.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Instruction.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace llvm {
class AllocaInst;
}

namespace warplint {

/// What an access does.
enum class AccessOp { Load, Store, Atomic };

/// "ld", "st" or "atom".
llvm::StringRef accessOpName(AccessOp Op);

/// One memory access at the IR level.
struct IrAccess {
  const llvm::Instruction *Inst = nullptr;
  const llvm::Value *Pointer = nullptr;
  AccessOp Op = AccessOp::Load;
  unsigned Space = AS_Generic;
  unsigned Bytes = 0;
  std::string Reason; ///< Why local / why generic; empty otherwise.
  std::string CacheHint; ///< PTX cache operator and qualifiers ("cs"); "" if none.
  /// The global read of a bulk copy (cp.async.bulk, BulkCopyMetadata): the
  /// TMA reads its Bytes in pieces (bulkCopyPieces), each a request.
  bool BulkCopy = false;
  /// A bulk copy's length when it is not a constant (Bytes is then 0): the
  /// thread-index model evaluates it (bulkCopyBytes).
  const llvm::Value *BulkLength = nullptr;
  /// An mbarrier operation (llvm.nvvm.mbarrier.*) on its 8-byte shared
  /// word: an LSU shared access only where ArchProfile::MbarrierOnLsu.
  bool Mbarrier = false;
};

/// One source-level access: all IR copies of one expression (unrolled loop
/// bodies, duplicated paths) keyed by location, space and op.
struct MemoryAccess {
  SourceLoc Loc;
  SourceLoc CallSite; ///< Kernel-side call site when inside a device function.
  /// Other lines whose accesses the optimizer merged into this one's IR
  /// sites (frontend's mergedLocations), sorted.
  std::vector<SourceLoc> MergedWith;
  AccessOp Op = AccessOp::Load;
  unsigned Space = AS_Generic;
  unsigned Bytes = 0;
  std::string Reason;
  /// The cache hint its IR sites carry ("cs", "nc", ...; frontend/ptxisa/CacheHint.h):
  /// "" when none does, "mixed" when they differ.
  std::string CacheHint;
  std::vector<IrAccess> Sites;
  /// When the expression selects a field of a structure: the sizes of the
  /// structures on its way (from DeviceModule::StructFields).
  std::vector<uint64_t> StructSizes;
};

/// True when A is the global read of a bulk copy (its sites are
/// IrAccess::BulkCopy): its requests are the pieces the TMA reads.
inline bool isBulkCopy(const MemoryAccess &A) {
  return llvm::any_of(A.Sites, [](const IrAccess &S) { return S.BulkCopy; });
}

/// True when A is an mbarrier operation (its sites are IrAccess::Mbarrier).
inline bool isMbarrier(const MemoryAccess &A) {
  return llvm::any_of(A.Sites, [](const IrAccess &S) { return S.Mbarrier; });
}

/// What became of a private array.
struct LocalArrayStatus {
  LocalArrayDecl Decl;
  bool Promoted = false; ///< Lives in registers (.reg).
  std::string Reason;    ///< Why it stayed in local memory.
  /// The alloca that survived optimization; null when promoted.
  const llvm::AllocaInst *Alloca = nullptr;
};

/// The state spaces of one kernel's accesses. Query it, print it.
class StateSpaces {
public:
  /// Analyzes Kernel (a function of DM.M) and every defined function it calls.
  static StateSpaces analyze(const DeviceModule &DM, const llvm::Function &Kernel);

  /// The state space a pointer value refers to, with the reason when it is
  /// local or generic.
  static unsigned spaceOf(const llvm::Value *Ptr, std::string *Reason = nullptr);

  const llvm::Function &kernel() const { return *Kernel; }
  llvm::ArrayRef<MemoryAccess> accesses() const { return Accesses; }
  llvm::ArrayRef<LocalArrayStatus> localArrays() const { return Locals; }

  /// The access an IR instruction belongs to, or null.
  const MemoryAccess *accessFor(const llvm::Instruction *I) const;

  void print(llvm::raw_ostream &OS) const;

private:
  const llvm::Function *Kernel = nullptr;
  std::vector<MemoryAccess> Accesses;
  std::vector<LocalArrayStatus> Locals;
};

/// The IR-level accesses of one instruction (a memcpy has two), appended to Out.
void collectIrAccesses(const llvm::Instruction &I, std::vector<IrAccess> &Out);

} // namespace warplint

#endif
