//===- DeviceModel.h - Run a kernel launch and measure it -------*- C++ -*-===//
//
// The device model's entry point: decode a kernel, prepare its launch, run it
// on the SIMT interpreter with the memory counters and the race detector
// watching, and hand back what was measured.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_DEVICEMODEL_H
#define WARPLINT_DEVICEMODEL_DEVICEMODEL_H

#include "devicemodel/Footprint.h"
#include "devicemodel/KernelRunner.h"
#include "devicemodel/Launch.h"
#include "devicemodel/MemoryCounters.h"

#include <cstring>

namespace warplint {
namespace dm {

/// Everything one launch measured.
struct LaunchReport {
  std::string Kernel; ///< Source name.
  Dim3 Grid, Block;
  RunResult Run;
  MetricMap Metrics;
  std::vector<SiteMetrics> Sites;
  std::vector<Finding> Errors; ///< Out of bounds, races, barriers, runaway...
  std::vector<std::string> Notes;
  /// Scalar arguments nobody gave and the values the run made up for them.
  std::vector<std::pair<std::string, std::string>> DefaultedArgs;
  std::vector<BufferInfo> Buffers;
  /// With RunOptions::Footprint: the distinct sectors each buffer's accesses
  /// touched (scaled like the counters when the run was sampled), and the
  /// buffer each access site (by location) used.
  std::vector<BufferSectors> Footprint;
  std::vector<std::pair<SourceLoc, std::string>> SiteBuffers;
  std::unique_ptr<Program> Prog;
  std::unique_ptr<DeviceMemory> Memory; ///< The buffers after the run.

  /// The contents of a buffer after the run, as T.
  template <class T> std::vector<T> buffer(llvm::StringRef Name) const {
    std::vector<T> Out;
    if (Buffer *B = Memory ? Memory->bufferNamed(Name) : nullptr) {
      Out.resize(B->Bytes / sizeof(T));
      memcpy(Out.data(), B->Data.get(), Out.size() * sizeof(T));
    }
    return Out;
  }
  double metric(llvm::StringRef Name) const {
    auto It = Metrics.find(Name.str());
    return It == Metrics.end() ? 0 : It->second;
  }
};

/// Runs Kernel as Req asks. Fails (the tool cannot do its job) when the
/// request does not fit the kernel; errors the kernel makes are in Errors.
llvm::Expected<LaunchReport> runLaunch(const llvm::Function &Kernel, const LaunchRequest &Req,
                                       const ArchProfile &Arch, const RunOptions &Opts);

/// The buffer of R that a finding's message names ("... of buffer 'in' ..."),
/// if any.
const BufferInfo *namedBuffer(const LaunchReport &R, const Finding &F);

/// The buffer warplint sized itself (no --buffer or launch file gave it) that
/// an out-of-bounds finding overruns, if any: the overrun may be the guess's
/// rather than the kernel's.
const BufferInfo *guessedOverrun(const LaunchReport &R, const Finding &F);

} // namespace dm
} // namespace warplint

#endif
