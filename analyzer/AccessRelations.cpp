//===- AccessRelations.cpp - What the accesses of a kernel say of each other -===//
#include "analyzer/AccessRelations.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Sequence.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace warplint {

void sectorsInto(WarpAddressView W, const ArchProfile &Arch, SectorList &Out) {
  // Lanes in address order, the common case, need no sort.
  Out.clear();
  assert(isPowerOf2_32(Arch.SectorBytes) && "sector sizes are powers of two");
  const unsigned Shift = countr_zero(Arch.SectorBytes);
  for (uint32_t M = W.Active; M; M &= M - 1) {
    unsigned L = countr_zero(M);
    for (uint64_t S = W.Addr[L] >> Shift, E = (W.Addr[L] + W.Bytes - 1) >> Shift; S <= E; ++S)
      Out.push_back(S);
  }
  if (!std::is_sorted(Out.begin(), Out.end()))
    llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
}

bool shareAny(ArrayRef<uint64_t> A, ArrayRef<uint64_t> B) {
  for (size_t I = 0, J = 0; I < A.size() && J < B.size();) {
    if (A[I] == B[J])
      return true;
    A[I] < B[J] ? ++I : ++J;
  }
  return false;
}

namespace {
/// The widest stride whose bytes strided atomics are checked to cover (a
/// bound on the work, not a hardware fact).
constexpr unsigned MaxCoveredStride = 256;

bool sameSample(const WarpSample &A, const WarpSample &B) { return !(A < B) && !(B < A); }

/// Which bytes of a lane's Period bytes a group of accesses touches.
class PeriodCover {
public:
  explicit PeriodCover(int64_t Period) : Period(Period), Covered(Period, false) {}
  /// Marks the Bytes bytes from From (any offset: taken modulo the period).
  void mark(int64_t From, uint64_t Bytes) {
    for (int64_t Byte = From; Byte < From + int64_t(Bytes); ++Byte)
      Covered[((Byte % Period) + Period) % Period] = true;
  }
  bool full() const { return llvm::all_of(Covered, [](bool C) { return C; }); }

private:
  int64_t Period;
  std::vector<bool> Covered;
};

/// The widest alignment of Sites' loads and stores (0 when none is one).
uint64_t widestAlign(ArrayRef<IrAccess> Sites) {
  uint64_t Align = 0;
  for (const IrAccess &Site : Sites)
    if (isa_and_nonnull<LoadInst, StoreInst>(Site.Inst))
      Align = std::max<uint64_t>(Align, getLoadStoreAlignment(Site.Inst).value());
  return Align;
}

/// The widest alignment known of A's IR loads and stores when they, at
/// constant offsets from one base, cover every byte of Period (the four
/// float loads of a float4 read at one source location): theirs, or that
/// base's; 0 when they do not cover it.
uint64_t sitesCoverPeriod(const MemoryAccess &A, int64_t Period) {
  const Value *Base = nullptr;
  PeriodCover Cover(Period);
  for (const IrAccess &Site : A.Sites) {
    if (!isa_and_nonnull<LoadInst, StoreInst>(Site.Inst) || !Site.Pointer)
      return 0;
    const DataLayout &DL = Site.Inst->getModule()->getDataLayout();
    APInt Off(DL.getIndexTypeSizeInBits(Site.Pointer->getType()), 0);
    const Value *B = Site.Pointer->stripAndAccumulateConstantOffsets(DL, Off, true);
    if (Base && B != Base)
      return 0;
    Base = B;
    Cover.mark(Off.getSExtValue(), Site.Bytes);
  }
  if (!Base || !Cover.full())
    return 0;
  // The base's own alignment (a 16-byte aligned tile indexed in float4s),
  // which the split accesses' alignments may have lost.
  const DataLayout &DL = A.Sites.front().Inst->getModule()->getDataLayout();
  unsigned Zeros = std::min(computeKnownBits(Base, DL).countMinTrailingZeros(), 12u);
  return std::max<uint64_t>(widestAlign(A.Sites), uint64_t(1) << Zeros);
}
} // namespace

/// What the accesses of one kernel tell about each other: the load that
/// shares a misaligned load's sectors, whether struct-field accesses cover
/// their whole struct, and strided atomics their whole stride.
void relateAccesses(const StateSpaces &Spaces, const std::vector<ProbeFacts> &Probes,
                    std::vector<Prediction> &Predictions) {
  auto SameWarp = [&](size_t I, size_t J) {
    return Probes[I].S && Probes[J].S && sameSample(*Probes[I].S, *Probes[J].S);
  };
  for (size_t I = 0; I < Predictions.size(); ++I) {
    Prediction &P = Predictions[I];
    const MemoryAccess &A = Spaces.accesses()[I];
    // A misaligned load whose sectors another load of the same warp touches.
    if (P.Pattern == "misaligned" && A.Op == AccessOp::Load)
      for (size_t J = 0; J < Predictions.size(); ++J) {
        const MemoryAccess &Other = Spaces.accesses()[J];
        if (J != I && Other.Op == AccessOp::Load && SameWarp(I, J) &&
            shareAny(Probes[I].Sectors, Probes[J].Sectors)) {
          P.SharesSectorsWith = Other.Loc;
          break;
        }
      }
    // Any load whose sectors another load of the same warp touches.
    if (A.Op == AccessOp::Load && A.Space != AS_Shared && A.Space != AS_Const)
      P.SectorsReadTwice =
          P.SharesSectorsWith.valid() ||
          llvm::any_of(llvm::seq<size_t>(0, Predictions.size()), [&](size_t J) {
            return J != I && Spaces.accesses()[J].Op == AccessOp::Load && SameWarp(I, J) &&
                   shareAny(Probes[I].Sectors, Probes[J].Sectors);
          });
    // Do the same warp's accesses of the same kind at the same stride cover
    // every byte of each lane's Period bytes? The widest alignment of those
    // accesses when they do (0 when none is a load or store).
    auto CoversPeriod = [&](int64_t Period) -> std::optional<uint64_t> {
      PeriodCover Cover(Period);
      uint64_t Align = 0;
      for (size_t J = 0; J < Predictions.size(); ++J) {
        const MemoryAccess &Other = Spaces.accesses()[J];
        const Prediction &PJ = Predictions[J];
        if (Other.Op != A.Op || !PJ.StrideBytes || *PJ.StrideBytes != *P.StrideBytes ||
            !SameWarp(I, J))
          continue;
        int64_t From = int64_t(Probes[J].Lane0Addr - Probes[I].Lane0Addr);
        if (From <= -Period || From >= Period)
          continue; // Another struct (or another array).
        Cover.mark(From, Other.Bytes);
        Align = std::max(Align, widestAlign(Other.Sites));
      }
      return Cover.full() ? std::optional<uint64_t>(Align) : std::nullopt;
    };
    // A struct field: do they cover the whole struct of each lane?
    if (P.Pattern == "struct-field" && P.StructBytes)
      P.EveryFieldUsed = CoversPeriod(int64_t(P.StructBytes)).has_value();
    // A stride wider than the access, short enough to check byte by byte.
    std::optional<int64_t> Wider;
    if (P.StrideBytes && std::abs(*P.StrideBytes) > int64_t(A.Bytes) &&
        std::abs(*P.StrideBytes) <= int64_t(MaxCoveredStride))
      Wider = std::abs(*P.StrideBytes);
    if (!Wider)
      continue;
    // Strided atomics that together update every byte of the stride
    // (out[2 * t] and out[2 * t + 1]).
    if ((P.Pattern == "strided" || P.Pattern == "loop-varying") && A.Op == AccessOp::Atomic)
      P.StrideCovered = CoversPeriod(*Wider).has_value();
    // Shared loads or stores of one lane's adjacent words at its stride (a
    // float4 read field by field, by neighbouring accesses or by the IR
    // copies of one): how well aligned they are says whether nvcc keeps
    // them one vector access.
    if (A.Space == AS_Shared && (A.Op == AccessOp::Load || A.Op == AccessOp::Store)) {
      P.CoveringAlign = CoversPeriod(*Wider).value_or(0);
      if (!P.CoveringAlign)
        P.CoveringAlign = sitesCoverPeriod(A, *Wider);
    }
  }
}

} // namespace warplint
