//===- DeviceMemory.h - Global buffers and the constant bank ----*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_DEVICEMEMORY_H
#define WARPLINT_DEVICEMODEL_DEVICEMEMORY_H

#include "devicemodel/Decoder.h"

#include <memory>
#include <string>
#include <vector>

namespace warplint {
namespace dm {

/// A real allocation with bounds.
struct Buffer {
  std::string Name;
  uint64_t Bytes = 0;
  unsigned ElemBytes = 1;
  std::string ElemType;
  /// calloc'ed, so large zero buffers cost nothing until touched.
  std::unique_ptr<uint8_t, void (*)(void *)> Data{nullptr, free};
};

/// The memory of one launch: global buffers (one 2^36-byte window each, so
/// an access past the end never lands in a neighbour) and the constant bank.
/// Blocks share it; atomics on it are host atomics.
class DeviceMemory {
public:
  /// Places the program's __device__ and __constant__ variables.
  explicit DeviceMemory(const Program &P);

  /// Adds a zero-filled buffer; returns its encoded address.
  uint64_t addBuffer(std::string Name, uint64_t Bytes, unsigned ElemBytes,
                     std::string ElemType);

  /// The buffer an encoded global address falls in, or null.
  Buffer *bufferAt(uint64_t Addr);
  Buffer *bufferNamed(llvm::StringRef Name);
  /// Host memory for [Addr, Addr+Bytes) of a global address, or null when
  /// out of bounds.
  uint8_t *global(uint64_t Addr, uint64_t Bytes) {
    uint64_t W = (Addr >> BufferShift) & ((uint64_t(1) << (TagShift - BufferShift)) - 1);
    uint64_t Off = Addr & ((uint64_t(1) << BufferShift) - 1);
    if (W >= Windows.size() || !Windows[W] || Off + Bytes > Windows[W]->Bytes)
      return nullptr;
    return Windows[W]->Data.get() + Off;
  }
  uint8_t *constant(uint64_t Off, uint64_t Bytes) {
    return Off + Bytes > Const.size() ? nullptr : Const.data() + Off;
  }
  const std::vector<std::unique_ptr<Buffer>> &windows() const { return Windows; }

private:
  std::vector<std::unique_ptr<Buffer>> Windows; ///< Index = window.
  std::vector<uint8_t> Const;
};

} // namespace dm
} // namespace warplint

#endif
