//===- DeviceMemory.h - Global buffers, the device heap, constants -*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_DEVICEMEMORY_H
#define WARPLINT_DEVICEMODEL_DEVICEMEMORY_H

#include "devicemodel/Decoder.h"

#include <array>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace warplint {
namespace dm {

/// What a device-heap allocation is and where it came from.
struct HeapBlock {
  HeapKind Kind = HK_Malloc;
  uint64_t Serial = 0;   ///< 1 for the launch's first allocation.
  uint64_t Bytes = 0;    ///< As allocated (Buffer::Bytes is 0 once freed).
  SourceLoc AllocLoc;    ///< The malloc / new.
  std::string AllocBy;   ///< "thread (3,0,0) of block (0,0,0)".
  /// The allocating thread in launch order (block z, y, x, thread z, y, x):
  /// blocks run on several cores, so Serial's order changes from run to run.
  std::array<uint64_t, 6> AllocOrder{};
  bool Freed = false;
  SourceLoc FreeLoc;
  std::string FreedBy;
};

/// A real allocation with bounds.
struct Buffer {
  std::string Name;
  uint64_t Bytes = 0; ///< Accessible bytes (0 once a heap block is freed).
  unsigned ElemBytes = 1;
  std::string ElemType;
  /// calloc'ed, so large zero buffers cost nothing until touched.
  std::unique_ptr<uint8_t, void (*)(void *)> Data{nullptr, free};
  /// Device-heap allocations only.
  std::unique_ptr<HeapBlock> Heap;
  /// Initialization shadow, one byte per byte (nonzero: written), for the
  /// buffers whose first reads are checked (heap blocks, --init-check);
  /// null when not tracked.
  std::unique_ptr<uint8_t, void (*)(void *)> Written{nullptr, free};
};

/// The memory of one launch: global buffers (one 2^36-byte window each, so
/// an access past the end never lands in a neighbour), device-heap blocks
/// (a window each as well) and the constant bank. Blocks share it; atomics
/// on it are host atomics. The window table never grows after construction,
/// so blocks on other threads read it while malloc adds heap blocks.
class DeviceMemory {
public:
  /// Windows an address can name.
  static constexpr unsigned MaxWindows = 1u << (TagShift - BufferShift);
  /// The device heap's size (cudaLimitMallocHeapSize's default): a malloc
  /// beyond it returns null, as on a GPU.
  static constexpr uint64_t HeapLimit = uint64_t(8) << 20;

  /// Places the program's __device__ and __constant__ variables.
  explicit DeviceMemory(const Program &P);

  /// Adds a zero-filled buffer; returns its encoded address.
  uint64_t addBuffer(std::string Name, uint64_t Bytes, unsigned ElemBytes,
                     std::string ElemType);
  /// Tracks the initialization of the buffer at Addr (never written yet).
  void trackInit(uint64_t Addr);

  /// A device-heap block of Bytes for a kernel's malloc or new; returns its
  /// encoded address, or 0 when the heap is exhausted (or Bytes is 0).
  uint64_t heapAllocate(uint64_t Bytes, HeapKind Kind, const SourceLoc &Loc,
                        std::string By, const std::array<uint64_t, 6> &ByOrder = {});
  /// What free/delete of an address did.
  enum class FreeStatus { Freed, Null, DoubleFree, NotHeap, Interior };
  /// Releases the heap block at Addr; Block is the block Addr falls in.
  FreeStatus heapFree(uint64_t Addr, const SourceLoc &Loc, std::string By,
                      const Buffer *&Block);
  /// Heap blocks never freed, in allocation order.
  std::vector<const HeapBlock *> heapLeaks() const;

  /// The buffer an encoded global address falls in, or null.
  Buffer *bufferAt(uint64_t Addr) {
    uint64_t W = (Addr >> BufferShift) & (MaxWindows - 1);
    return Windows[W].get();
  }
  Buffer *bufferNamed(llvm::StringRef Name);
  /// Host memory for [Addr, Addr+Bytes) of a global address, or null when
  /// out of bounds.
  uint8_t *global(uint64_t Addr, uint64_t Bytes) {
    uint64_t W = (Addr >> BufferShift) & (MaxWindows - 1);
    uint64_t Off = Addr & ((uint64_t(1) << BufferShift) - 1);
    Buffer *B = Windows[W].get();
    if (!B || Off + Bytes > B->Bytes)
      return nullptr;
    return B->Data.get() + Off;
  }
  uint8_t *constant(uint64_t Off, uint64_t Bytes) {
    return Off + Bytes > Const.size() ? nullptr : Const.data() + Off;
  }
  /// True once a buffer's initialization is tracked (heap or --init-check).
  bool tracksInit() const { return TracksInit; }

private:
  /// Index = window; MaxWindows entries, null where nothing lives.
  std::vector<std::unique_ptr<Buffer>> Windows;
  unsigned NextWindow = 1;
  std::vector<uint8_t> Const;
  // The device heap.
  mutable std::mutex HeapLock;
  std::deque<unsigned> Quarantine; ///< Freed heap windows, oldest first.
  std::vector<std::unique_ptr<Buffer>> Retired; ///< Recycled windows' blocks.
  uint64_t HeapLive = 0, HeapSerial = 0;
  bool TracksInit = false;
};

} // namespace dm
} // namespace warplint

#endif
