//===- LaunchFootprints.cpp - Distinct sectors per buffer over a launch ---===//
//
// The footprint method is in LaunchCounting.h: the union of the sampled
// sectors, scaled by how it grows from half the sampled blocks to all.
//
//===----------------------------------------------------------------------===//
#include "analyzer/LaunchFootprints.h"

#include "analyzer/AccessRelations.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Instructions.h"

#include <cmath>

using namespace llvm;

namespace warplint {
namespace {

/// The pointer parameter or global variable Ptr addresses, or null.
const Value *bufferOf(const Value *Ptr) {
  const Value *Base = getUnderlyingObjectAggressive(Ptr);
  if (const auto *A = dyn_cast_or_null<Argument>(Base))
    return A->getType()->isPointerTy() ? A : nullptr;
  if (const auto *GV = dyn_cast_or_null<GlobalVariable>(Base))
    return GV->getAddressSpace() == AS_Shared ? nullptr : GV;
  return nullptr;
}

} // namespace

void FootprintSampler::add(const MemoryAccess &A, const AccessTotals &T) {
  if (A.Space != AS_Global && A.Space != AS_Generic && A.Space != AS_Const)
    return;
  SectorList Sectors;
  for (const IrAccess &Site : A.Sites) {
    const Value *Base = bufferOf(Site.Pointer);
    // (A site in a device function that was not inlined has no samples.)
    if (!Base || Site.Inst->getFunction() != &Model.kernel())
      continue;
    auto [It, New] = BufferIndex.try_emplace(Base, Buffers.size());
    if (New) {
      Buffers.emplace_back();
      Buffers.back().Name = Base->getName().str();
    }
    BufferSamples &B = Buffers[It->second];
    B.Known &= T.RequestsKnown;
    bool Kinds[2] = {Site.Op != AccessOp::Store, Site.Op != AccessOp::Load};
    const std::vector<WarpSample> &Samples = Model.samplesFor(*Site.Inst);
    // The first half of the sampled blocks (of the warps, when one block).
    std::vector<Dim3> Blocks;
    std::vector<unsigned> Warps;
    for (const WarpSample &S : Samples) {
      if (llvm::find(Blocks, S.BlockIdx) == Blocks.end())
        Blocks.push_back(S.BlockIdx);
      if (llvm::find(Warps, S.Warp) == Warps.end())
        Warps.push_back(S.Warp);
    }
    auto InHalf = [&](const WarpSample &S) {
      if (Blocks.size() > 1)
        return size_t(llvm::find(Blocks, S.BlockIdx) - Blocks.begin()) < Blocks.size() / 2;
      return size_t(llvm::find(Warps, S.Warp) - Warps.begin()) < Warps.size() / 2;
    };
    for (const WarpSample &S : Samples) {
      if (S.ArgSample)
        continue;
      bool DD = false;
      uint32_t Mask = Model.activeLanes(Site.Inst->getParent(), S, DD);
      if (!Mask)
        continue;
      const LaneValues &Addr = Model.eval(Site.Pointer, S);
      if (!Addr.known()) {
        B.Known = false;
        continue;
      }
      sectorsInto(WarpAddressView{Addr.V.data(), Mask, std::max(Site.Bytes, 1u)}, Arch,
                  Sectors);
      bool Half = InHalf(S);
      for (unsigned K = 0; K < 2; ++K) {
        if (!Kinds[K])
          continue;
        B.All[K].insert(Sectors.begin(), Sectors.end());
        B.Sampled[K] += 1;
        B.SampledSectors[K] += Sectors.size();
        if (Half) {
          B.Half[K].insert(Sectors.begin(), Sectors.end());
          B.SampledHalf[K] += 1;
        }
      }
    }
  }
  // The access's requests, once per buffer and kind it addresses.
  SmallVector<std::pair<size_t, unsigned>, 4> Seen;
  for (const IrAccess &Site : A.Sites)
    if (const Value *Base = bufferOf(Site.Pointer);
        Base && BufferIndex.count(Base) && Site.Inst->getFunction() == &Model.kernel())
      for (unsigned K = 0; K < 2; ++K)
        if ((K == 0 ? Site.Op != AccessOp::Store : Site.Op != AccessOp::Load) &&
            !llvm::is_contained(Seen, std::make_pair(BufferIndex[Base], K))) {
          Seen.push_back({BufferIndex[Base], K});
          Buffers[BufferIndex[Base]].Requests[K] += T.Requests;
        }
}

namespace {
/// Distinct sectors over the launch from the samples of one kind.
double footprint(const FootprintSampler::BufferSamples &B, unsigned K, double &Requested) {
  double U = B.All[K].size();
  Requested = 0;
  if (!U || !B.Sampled[K])
    return 0;
  Requested = B.Requests[K] * B.SampledSectors[K] / B.Sampled[K];
  double UHalf = B.Half[K].size(), Alpha = 1;
  if (B.SampledHalf[K] > 0 && B.SampledHalf[K] < B.Sampled[K] && UHalf > 0)
    Alpha = std::clamp(std::log(U / UHalf) / std::log(B.Sampled[K] / B.SampledHalf[K]), 0.0,
                       1.0);
  double Scale = std::max(1.0, B.Requests[K] / B.Sampled[K]);
  return std::min(std::max(U * std::pow(Scale, Alpha), U), std::max(Requested, U));
}

} // namespace

std::vector<BufferFootprint> FootprintSampler::footprints() const {
  std::vector<BufferFootprint> Out;
  for (const BufferSamples &B : Buffers) {
    BufferFootprint F;
    F.Name = B.Name;
    double RequestedRead = 0, RequestedWritten = 0;
    F.ReadSectors = std::round(footprint(B, 0, RequestedRead));
    F.WrittenSectors = std::round(footprint(B, 1, RequestedWritten));
    F.ReadReuse = F.ReadSectors ? RequestedRead / F.ReadSectors : 1;
    F.Known = B.Known;
    Out.push_back(std::move(F));
  }
  return Out;
}

} // namespace warplint
