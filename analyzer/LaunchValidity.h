//===- LaunchValidity.h - Launches the CUDA runtime refuses -----*- C++ -*-===//
//
// Every limit the runtime checks when a kernel is launched, from the
// ArchProfile: block and grid dims, threads per block and __launch_bounds__,
// static plus dynamic shared memory per block (48 KB without the opt-in,
// the arch's maximum with it), registers per block, local memory per thread,
// and the blocks a cooperative launch may have. Each failure names the limit,
// the value, where each came from, the CUDA error the runtime returns
// (measured on an H100: tests/hardware/h100/launchlimits.csv) and the fix.
// The launch-fails rule, `run` and `check --confirm` share it.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_LAUNCHVALIDITY_H
#define WARPLINT_ANALYZER_LAUNCHVALIDITY_H

#include "analyzer/Occupancy.h"
#include "analyzer/arch/ArchProfile.h"
#include "frontend/DeviceModule.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
}

namespace warplint {

/// One launch of a kernel and what the kernel takes, each with its source.
struct LaunchCheckInput {
  std::string Kernel; ///< Source name, for the fixes ("dyn").
  /// Where the launch is: "the host launch at main.cu:12", "the launch from
  /// the command line".
  std::string Origin;
  std::optional<Dim3> Grid;
  Dim3 Block;
  uint64_t DynamicSharedBytes = 0;
  bool Cooperative = false;
  /// The host code that launches the kernel was read (a host launch in the
  /// file): a missing opt-in then means the 48 KB default applies. Otherwise
  /// only the arch's maximum is checked.
  bool HostCodeSeen = false;
  std::optional<SharedOptIn> OptIn;

  uint64_t StaticSharedBytes = 0;
  /// Registers per thread and their source ("104 registers per thread
  /// (ptxas)").
  unsigned Registers = 0;
  std::string RegistersText;
  /// Local memory per thread and its source ("ptxas's stack frame").
  uint64_t LocalBytes = 0;
  std::string LocalSource;
  /// __launch_bounds__' maximum threads per block; 0 when absent.
  unsigned BoundsMaxThreads = 0;
  /// The block PTX's .reqntid requires; a launch with another fails.
  std::optional<Dim3> BoundsReqBlock;
};

/// One limit a launch breaks.
struct LaunchFailure {
  std::string Limit;   ///< "block", "grid", "shared memory", "registers", "local memory", "cooperative"
  std::string Error;   ///< The runtime's error: "cudaErrorInvalidValue".
  std::string Message; ///< "block(1025,1,1) has 1025 threads in x, ...; use ..."
};

/// Every limit of Arch the launch In breaks, in the order the list above
/// gives; empty when it can launch.
std::vector<LaunchFailure> checkLaunch(const ArchProfile &Arch, const LaunchCheckInput &In);

/// The occupancy In's launch reaches (its block, registers and shared memory).
OccupancyResult launchOccupancy(const ArchProfile &Arch, const LaunchCheckInput &In);

/// The local memory per thread F's stack allocations take (their static
/// sizes), and a description of the largest ("the local array 'big' of 1 MB").
uint64_t localBytesOfAllocas(const llvm::Function &F, std::string *Largest = nullptr);

} // namespace warplint

#endif
