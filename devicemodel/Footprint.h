//===- Footprint.h - The distinct sectors a launch touches ------*- C++ -*-===//
//
// For the time model (analyzer/time/): which 32-byte sectors of each global
// buffer the run read and wrote, and which buffer each access site used. A
// sector read by many warps comes from DRAM once (at most), so these are
// what the model sets against the sectors requested.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_FOOTPRINT_H
#define WARPLINT_DEVICEMODEL_FOOTPRINT_H

#include "devicemodel/Observer.h"

#include <atomic>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace warplint {
namespace dm {

class DeviceMemory;
struct Program;

/// One buffer's distinct sectors.
struct BufferSectors {
  std::string Name;
  uint64_t Read = 0;
  uint64_t Written = 0;
};

/// Watches a launch's global accesses (every block, from any thread: the
/// sector maps are atomic bit sets, so their union is the same in any order).
class Footprint : public Observer {
public:
  /// Tracks the buffers Memory holds now (heap blocks a kernel allocates are
  /// not tracked).
  Footprint(const Program &P, DeviceMemory &Memory, unsigned SectorBytes);
  ~Footprint() override;

  std::unique_ptr<BlockObserver> startBlock(const BlockInfo &B) override;
  void finishBlock(std::unique_ptr<BlockObserver> B) override;

  /// Distinct sectors per buffer touched, in window order.
  std::vector<BufferSectors> buffers() const;
  /// The buffer each site (Program::Sites index) accessed first, by the
  /// site's location: what the time model groups sites by.
  const std::map<uint32_t, std::string> &siteBuffers() const { return SiteBuffer; }

  /// A buffer's sector bits (internal to the block observers).
  struct Tracked {
    std::string Name;
    uint64_t Sectors = 0;
    std::unique_ptr<std::atomic<uint64_t>[]> ReadBits, WriteBits;
  };

private:
  const Program &P;
  unsigned SectorShift;
  std::map<uint64_t, Tracked> ByWindow;
  std::vector<Tracked *> Windows; ///< By window; null where nothing is tracked.
  std::map<uint32_t, std::string> SiteBuffer;
  friend class FootprintBlock;
};

} // namespace dm
} // namespace warplint

#endif
