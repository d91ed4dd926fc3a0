//===- GlobalMisaligned.cpp - global-misaligned ---------------------------===//
#include "rules/GlobalMisaligned.h"

#include "rules/AccessMessages.h"
#include "rules/Confirm.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cstdlib>

using namespace llvm;

namespace warplint {

GlobalMisalignedRule::GlobalMisalignedRule(const RuleOptions &Opts)
    : Rule("global-misaligned", Opts), Threshold(Opts.number("threshold", 1.2)) {
  std::string S = Opts.text("stencil", "note");
  Stencil = S == "ignore"    ? StencilReport::Ignore
            : S == "warning" ? StencilReport::Warning
                             : StencilReport::Note;
}

namespace {

/// True for accesses this rule speaks for: contiguous lanes that cost more
/// sectors than their bytes need, at one offset or at offsets that move with
/// a loop counter.
bool contiguousOffBoundary(const MemoryAccess &A, const Prediction &P) {
  if (!isGlobalAccess(A) || !P.PerRequest || wasteRatio(P) <= 1)
    return false;
  if (P.Pattern == "misaligned")
    return true;
  return P.Pattern == "loop-varying" && P.StrideBytes &&
         std::abs(*P.StrideBytes) == int64_t(A.Bytes);
}

/// Where the warp starts relative to a sector.
std::string whereItStarts(const MemoryAccess &A, const Prediction &P, unsigned Sector) {
  if (P.Pattern == "loop-varying") {
    std::string Out = formatv("the warp's start moves across {0}-byte sector boundaries "
                              "as the loop counter changes",
                              Sector)
                          .str();
    if (!P.PerIteration.empty())
      Out += " (" + P.perIterationText() + " sectors per iteration)";
    return Out;
  }
  if (isBulkCopy(A))
    return formatv("the copy's source starts {0} bytes into a {1}-byte sector{2}, and the "
                   "TMA reads it in pieces counted from there, each one sector more",
                   P.MisalignBytes, Sector,
                   P.MisalignOffsets.size() > 1 ? " in some of the sampled warps" : "")
        .str();
  if (P.MisalignOffsets.size() > 1)
    return formatv("the warps' first lanes start {0} to {1} bytes into a {2}-byte sector, "
                   "a different offset from warp to warp (a row pitch or offset that is not "
                   "a multiple of {2} bytes)",
                   P.MisalignOffsets.front(), P.MisalignOffsets.back(), Sector)
        .str();
  std::string Out = formatv("the warp's first lane starts {0} bytes into a {1}-byte sector",
                            P.MisalignBytes, Sector)
                        .str();
  if (P.MisalignBytes % A.Bytes == 0)
    Out += formatv(" ({0} element{1} past the boundary)", P.MisalignBytes / A.Bytes,
                   P.MisalignBytes / A.Bytes == 1 ? "" : "s")
               .str();
  return Out;
}

/// Why the extra sector is probably cheap, for stencils and sliding windows.
std::string whyCheap(const Prediction &P) {
  if (P.SharesSectorsWith.valid())
    return formatv("; the load at line {0}, column {1} reads the same sectors (a stencil's "
                   "neighbour), so the extra sector is likely an L1 hit, and a stencil "
                   "cannot avoid it",
                   P.SharesSectorsWith.Line, P.SharesSectorsWith.Column)
        .str();
  return "; each iteration touches sectors the one before fetched (a sliding window), so "
         "the extra sectors are likely L1 hits";
}

/// What to do about it.
std::string fixFor(const MemoryAccess &A, const Prediction &P, bool Neighbour,
                   const ArchProfile &Arch) {
  unsigned Sector = Arch.SectorBytes;
  if (Neighbour)
    return "if the L1 traffic matters, load the block's tile with its halo into shared "
           "memory once and read the neighbours from there";
  if (P.Pattern == "loop-varying")
    return formatv("make the loop's step a multiple of {0} bytes, or stage the data "
                   "through shared memory",
                   Sector)
        .str();
  if (isBulkCopy(A))
    return formatv("start each bulk copy's source on a {0}-byte boundary (a {1}-byte one "
                   "matches the pieces): pad the rows or the offset the copy starts at",
                   Sector, Arch.BulkCopyPieceBytes)
        .str();
  if (P.MisalignOffsets.size() > 1)
    return formatv("pad each row to a multiple of {0} bytes (cudaMallocPitch returns "
                   "such a pitch) so every row starts on a line boundary",
                   Arch.LineBytes)
        .str();
  return formatv("align the base so each warp starts on a {0}-byte boundary: keep the "
                 "offset out of the pointer (pad the array's start instead), or shift the "
                 "thread-to-element mapping by the offset",
                 Sector)
      .str();
}

/// The alignment every site of A declares in the IR (the smallest; 1 for a
/// site that is not a load, a store or a copy, or that declares none). The GPU faults on an address off
/// it: an int4 store is 16-byte aligned or it does not run.
uint64_t declaredAlignment(const MemoryAccess &A) {
  uint64_t Align = ~uint64_t(0);
  for (const IrAccess &S : A.Sites) {
    MaybeAlign Declared;
    if (isa<LoadInst>(S.Inst) || isa<StoreInst>(S.Inst))
      Declared = getLoadStoreAlignment(S.Inst);
    else if (const auto *Copy = dyn_cast<MemTransferInst>(S.Inst)) // A structure copied whole.
      Declared = S.Pointer == Copy->getRawDest() ? Copy->getDestAlign() : Copy->getSourceAlign();
    if (!Declared)
      return 1;
    Align = std::min<uint64_t>(Align, Declared->value());
  }
  return A.Sites.empty() ? 1 : Align;
}

/// True when an integer the kernel is given or loads (an unknown the analysis
/// samples: an argument, a field of a parameter structure) enters the
/// address V, through arithmetic, casts, GEPs, selects and phis.
bool offsetFromUnknown(const Value *V, SmallPtrSetImpl<const Value *> &Seen) {
  if (!Seen.insert(V).second || Seen.size() > 256)
    return false;
  if (isa<Argument>(V) || isa<LoadInst>(V))
    return V->getType()->isIntegerTy();
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<CallBase>(I))
    return false;
  return llvm::any_of(I->operands(), [&](const Value *Op) { return offsetFromUnknown(Op, Seen); });
}

/// True when no sampled start of a misaligned access is one the GPU runs:
/// every offset breaks the access's declared alignment and comes from an
/// unknown the analysis sampled (an offset taken as 4096 + ...), so it is not
/// the program's, which must align the pointer for the kernel to run at all.
/// (A constant offset that breaks it is a real fault: --confirm's device-fault.)
bool onlyFaultingStarts(const MemoryAccess &A, const Prediction &P) {
  uint64_t Align = declaredAlignment(A);
  if (P.Pattern != "misaligned" || Align <= 1)
    return false;
  for (const IrAccess &S : A.Sites) {
    SmallPtrSet<const Value *, 32> Seen;
    if (!offsetFromUnknown(S.Pointer, Seen))
      return false;
  }
  std::vector<int64_t> Starts = P.MisalignOffsets;
  if (Starts.empty())
    Starts.push_back(P.MisalignBytes);
  return llvm::all_of(Starts, [&](int64_t O) { return O % int64_t(Align) != 0; });
}

} // namespace

void GlobalMisalignedRule::check(const KernelFacts &K, const FindingSink &Out) const {
  for (size_t I = 0; I < K.Spaces.accesses().size(); ++I) {
    const MemoryAccess &A = K.Spaces.accesses()[I];
    const Prediction &P = K.Patterns.prediction(I);
    if (!contiguousOffBoundary(A, P) || onlyFaultingStarts(A, P))
      continue;
    bool Neighbour = P.SharesSectorsWith.valid() || P.SlidingWindow;
    if (Neighbour && Stencil == StencilReport::Ignore)
      continue;
    // Aligned at one sampled value of an argument it depends on: the waste is
    // the sample's (a row length off the sector), a hint until the value is given.
    bool FromSample = P.IdealAtArgSample.has_value();
    bool Hint = (Neighbour && Stencil == StencilReport::Note) || FromSample ||
                wasteRatio(P) < Threshold;
    std::string Message = kernelPrefix(K) + costAgainstIdeal(A, P) + ": " +
                          whereItStarts(A, P, K.Arch.SectorBytes) +
                          (Neighbour ? whyCheap(P) : "") +
                          (FromSample ? "; at one of the two sampled values of the argument it "
                                        "depends on every warp starts on a sector, so the cost "
                                        "is the sampled value's (give the real one with --arg)"
                                      : "") +
                          ", " + K.launchAssumption() +
                          "; " + fixFor(A, P, Neighbour, K.Arch);
    Finding F = make(K, A.Loc, std::move(Message));
    if (Hint)
      F.Level = Severity::Note; // A hint stays a note whatever the configured severity.
    addAssumptionNote(F, A, P);
    confirmAccess(K, A, P, Hint ? 1.0 : Threshold, F);
    Out(std::move(F));
  }
}

} // namespace warplint
