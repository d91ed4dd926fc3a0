//===- DeviceMemory.cpp - Global buffers, the device heap, constants ------===//
#include "devicemodel/DeviceMemory.h"

#include "frontend/DeviceModule.h"

#include <cstdlib>
#include <cstring>

namespace warplint {
namespace dm {

namespace {
uint8_t *zeroed(uint64_t Bytes) {
  return static_cast<uint8_t *>(calloc(std::max<uint64_t>(Bytes, 1), 1));
}
uint64_t windowAddress(unsigned W) {
  return tagOf(AS_Global) | (uint64_t(W) << BufferShift);
}
} // namespace

DeviceMemory::DeviceMemory(const Program &P) {
  Windows.resize(MaxWindows);
  NextWindow = std::max(1u, P.FirstFreeBuffer);
  Const.assign(P.ConstBytes, 0);
  for (const GlobalImage &G : P.Globals) {
    if (G.Space == AS_Const) {
      if (!G.Init.empty())
        memcpy(Const.data() + (G.Address & OffsetMask), G.Init.data(), G.Init.size());
      continue;
    }
    if (G.Space != AS_Global)
      continue;
    auto B = std::make_unique<Buffer>();
    B->Name = G.Name;
    B->Bytes = G.Bytes;
    B->Data.reset(zeroed(G.Bytes));
    if (!G.Init.empty())
      memcpy(B->Data.get(), G.Init.data(), G.Init.size());
    Windows[G.BufferIndex] = std::move(B);
  }
}

uint64_t DeviceMemory::addBuffer(std::string Name, uint64_t Bytes, unsigned ElemBytes,
                                 std::string ElemType) {
  std::lock_guard<std::mutex> G(HeapLock);
  auto B = std::make_unique<Buffer>();
  B->Name = std::move(Name);
  B->Bytes = Bytes;
  B->ElemBytes = ElemBytes;
  B->ElemType = std::move(ElemType);
  B->Data.reset(zeroed(Bytes));
  unsigned W = NextWindow < MaxWindows ? NextWindow++ : MaxWindows - 1;
  Windows[W] = std::move(B);
  return windowAddress(W);
}

void DeviceMemory::trackInit(uint64_t Addr) {
  if (Buffer *B = bufferAt(Addr)) {
    B->Written.reset(zeroed(B->Bytes));
    TracksInit = true;
  }
}

uint64_t DeviceMemory::heapAllocate(uint64_t Bytes, HeapKind Kind, const SourceLoc &Loc,
                                    std::string By, const std::array<uint64_t, 6> &ByOrder) {
  std::lock_guard<std::mutex> G(HeapLock);
  if (!Bytes || Bytes > HeapLimit - HeapLive)
    return 0;
  unsigned W;
  if (NextWindow < MaxWindows) {
    W = NextWindow++;
  } else if (!Quarantine.empty()) {
    // Out of fresh windows: reuse the block freed longest ago (a stale
    // pointer into it is no longer recognized as a use after free).
    W = Quarantine.front();
    Quarantine.pop_front();
    Retired.push_back(std::move(Windows[W]));
  } else {
    return 0;
  }
  auto B = std::make_unique<Buffer>();
  B->Bytes = Bytes;
  B->ElemType = "char";
  B->Data.reset(zeroed(Bytes));
  B->Written.reset(zeroed(Bytes));
  B->Heap = std::make_unique<HeapBlock>();
  B->Heap->Kind = Kind;
  B->Heap->Serial = ++HeapSerial;
  B->Heap->Bytes = Bytes;
  B->Heap->AllocLoc = Loc;
  B->Heap->AllocBy = std::move(By);
  B->Heap->AllocOrder = ByOrder;
  B->Name = "heap block #" + std::to_string(B->Heap->Serial);
  HeapLive += Bytes;
  TracksInit = true;
  Windows[W] = std::move(B);
  return windowAddress(W);
}

DeviceMemory::FreeStatus DeviceMemory::heapFree(uint64_t Addr, const SourceLoc &Loc,
                                                std::string By, const Buffer *&Block) {
  Block = nullptr;
  if (!Addr)
    return FreeStatus::Null;
  if ((Addr >> TagShift) != AS_Global)
    return FreeStatus::NotHeap;
  std::lock_guard<std::mutex> G(HeapLock);
  unsigned W = (Addr >> BufferShift) & (MaxWindows - 1);
  Buffer *B = Windows[W].get();
  Block = B;
  if (!B || !B->Heap)
    return FreeStatus::NotHeap;
  if (Addr & ((uint64_t(1) << BufferShift) - 1))
    return FreeStatus::Interior;
  if (B->Heap->Freed)
    return FreeStatus::DoubleFree;
  B->Heap->Freed = true;
  B->Heap->FreeLoc = Loc;
  B->Heap->FreedBy = std::move(By);
  __atomic_store_n(&B->Bytes, uint64_t(0), __ATOMIC_RELAXED);
  HeapLive -= B->Heap->Bytes;
  Quarantine.push_back(W);
  return FreeStatus::Freed;
}

std::vector<const HeapBlock *> DeviceMemory::heapLeaks() const {
  std::lock_guard<std::mutex> G(HeapLock);
  std::vector<const HeapBlock *> Out;
  for (const auto &B : Windows)
    if (B && B->Heap && !B->Heap->Freed)
      Out.push_back(B->Heap.get());
  std::sort(Out.begin(), Out.end(),
            [](const HeapBlock *A, const HeapBlock *B) { return A->Serial < B->Serial; });
  return Out;
}

Buffer *DeviceMemory::bufferNamed(llvm::StringRef Name) {
  for (auto &B : Windows)
    if (B && B->Name == Name)
      return B.get();
  return nullptr;
}

} // namespace dm
} // namespace warplint
