//===- AccessRelations.cpp - What the accesses of a kernel say of each other -===//
#include "analyzer/AccessRelations.h"

#include "llvm/ADT/bit.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

namespace warplint {

/// The global sectors the active lanes touch, sorted and distinct.
std::vector<uint64_t> sectorsOf(const WarpAddresses &W, const ArchProfile &Arch) {
  std::vector<uint64_t> Out;
  Out.reserve(64);
  for (unsigned L = 0; L < 32; ++L)
    if (W.Active >> L & 1)
      for (uint64_t S = W.Addr[L] / Arch.SectorBytes;
           S <= (W.Addr[L] + W.Bytes - 1) / Arch.SectorBytes; ++S)
        Out.push_back(S);
  llvm::sort(Out);
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  return Out;
}

bool shareAny(const std::vector<uint64_t> &A, const std::vector<uint64_t> &B) {
  for (size_t I = 0, J = 0; I < A.size() && J < B.size();) {
    if (A[I] == B[J])
      return true;
    A[I] < B[J] ? ++I : ++J;
  }
  return false;
}

bool shareSectors(const WarpAddresses &A, const WarpAddresses &B, const ArchProfile &Arch) {
  auto First = [&](const WarpAddresses &W, unsigned L) { return W.Addr[L] / Arch.SectorBytes; };
  auto Last = [&](const WarpAddresses &W, unsigned L) {
    return (W.Addr[L] + W.Bytes - 1) / Arch.SectorBytes;
  };
  if (!A.Active || !B.Active)
    return false;
  uint64_t Lo = ~uint64_t(0), Hi = 0;
  for (const WarpAddresses *W : {&A, &B})
    for (uint32_t M = W->Active; M; M &= M - 1) {
      unsigned L = llvm::countr_zero(M);
      Lo = std::min(Lo, First(*W, L));
      Hi = std::max(Hi, Last(*W, L));
    }
  constexpr uint64_t Span = 512;
  if (Hi < Lo || Hi - Lo >= Span)
    return shareAny(sectorsOf(A, Arch), sectorsOf(B, Arch));
  uint64_t InA[Span / 64] = {};
  for (uint32_t M = A.Active; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    for (uint64_t S = First(A, L) - Lo, E = Last(A, L) - Lo; S <= E; ++S)
      InA[S >> 6] |= uint64_t(1) << (S & 63);
  }
  for (uint32_t M = B.Active; M; M &= M - 1) {
    unsigned L = llvm::countr_zero(M);
    for (uint64_t S = First(B, L) - Lo, E = Last(B, L) - Lo; S <= E; ++S)
      if (InA[S >> 6] >> (S & 63) & 1)
        return true;
  }
  return false;
}

namespace {
bool sameSample(const WarpSample &A, const WarpSample &B) { return !(A < B) && !(B < A); }
} // namespace

/// What the accesses of one kernel tell about each other: the load that
/// shares a misaligned load's sectors, and whether struct-field accesses
/// cover their whole struct.
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
    // A struct field: do the same warp's accesses at the same stride cover
    // the whole struct of each lane?
    if (P.Pattern == "struct-field" && P.StructBytes) {
      int64_t Struct = P.StructBytes;
      std::vector<bool> Covered(Struct, false);
      for (size_t J = 0; J < Predictions.size(); ++J) {
        const MemoryAccess &Other = Spaces.accesses()[J];
        const Prediction &PJ = Predictions[J];
        if (Other.Op != A.Op || !PJ.StrideBytes || *PJ.StrideBytes != *P.StrideBytes ||
            !SameWarp(I, J))
          continue;
        int64_t From = int64_t(Probes[J].Lane0Addr - Probes[I].Lane0Addr);
        if (From <= -Struct || From >= Struct)
          continue; // Another struct (or another array).
        for (int64_t Byte = From; Byte < From + int64_t(Other.Bytes); ++Byte)
          Covered[((Byte % Struct) + Struct) % Struct] = true;
      }
      P.EveryFieldUsed = llvm::all_of(Covered, [](bool C) { return C; });
    }
  }
}

} // namespace warplint
