//===- DeviceMemory.cpp - Global buffers and the constant bank ------------===//
#include "devicemodel/DeviceMemory.h"

#include "frontend/DeviceModule.h"

#include <cstdlib>
#include <cstring>

namespace warplint {
namespace dm {

DeviceMemory::DeviceMemory(const Program &P) {
  Windows.resize(P.FirstFreeBuffer);
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
    B->Data.reset(static_cast<uint8_t *>(calloc(std::max<uint64_t>(G.Bytes, 1), 1)));
    if (!G.Init.empty())
      memcpy(B->Data.get(), G.Init.data(), G.Init.size());
    Windows[G.BufferIndex] = std::move(B);
  }
}

uint64_t DeviceMemory::addBuffer(std::string Name, uint64_t Bytes, unsigned ElemBytes,
                                 std::string ElemType) {
  auto B = std::make_unique<Buffer>();
  B->Name = std::move(Name);
  B->Bytes = Bytes;
  B->ElemBytes = ElemBytes;
  B->ElemType = std::move(ElemType);
  B->Data.reset(static_cast<uint8_t *>(calloc(std::max<uint64_t>(Bytes, 1), 1)));
  Windows.push_back(std::move(B));
  return tagOf(AS_Global) | (uint64_t(Windows.size() - 1) << BufferShift);
}

Buffer *DeviceMemory::bufferAt(uint64_t Addr) {
  uint64_t W = (Addr >> BufferShift) & ((uint64_t(1) << (TagShift - BufferShift)) - 1);
  return W < Windows.size() ? Windows[W].get() : nullptr;
}

Buffer *DeviceMemory::bufferNamed(llvm::StringRef Name) {
  for (auto &B : Windows)
    if (B && B->Name == Name)
      return B.get();
  return nullptr;
}

} // namespace dm
} // namespace warplint
