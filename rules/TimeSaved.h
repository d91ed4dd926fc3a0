//===- TimeSaved.h - Each kernel's time and each finding's saving -*- C++ -*-===//
//
// The rules' side of the time model (analyzer/time/): a kernel's launch work
// from its execution counts and occupancy, priced on a named GPU, and each
// finding's time saved: its rule edits the work as its fix would
// (Rule::modelFix) and the model prices it again.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_TIMESAVED_H
#define WARPLINT_RULES_TIMESAVED_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

#include <memory>
#include <optional>
#include <vector>

namespace warplint {
namespace dm {
struct LaunchReport;
} // namespace dm

/// K's launch work: the execution counts of its accesses, the resident blocks
/// per SM its registers and shared memory allow.
LaunchWork kernelLaunchWork(const KernelFacts &K);

/// The work a device-model run of F measured (its sites' requests and
/// costs, the buffers' distinct sectors with RunOptions::Footprint, the warp
/// instructions executed), for the time model; the resident blocks per SM
/// as launch-fails computes them for the launch, with DynamicSharedBytes.
LaunchWork measuredLaunchWork(const DeviceModule &DM, const llvm::Function &F,
                              const ArchProfile &Arch, uint64_t DynamicSharedBytes,
                              const dm::LaunchReport &R);

/// Why K has no predicted time (LaunchWork::Why) and what would give one:
/// for an unknown grid, the flag (--grid X,Y,Z) and the launch-file entry
/// ({"kernel": "k", "grid": [X, Y, Z]}); for an unknown argument, --arg.
std::string noTimeHint(const KernelFacts &K, llvm::StringRef Why);

/// "--gpu=t4 (sm_75) cannot run code built for sm_90: its times are this
/// work's on a T4 had it been built for sm_75".
std::string gpuArchMismatch(const GpuProfile &G, const ArchProfile &Arch);

/// Gives each of Findings (K's) whose rule models its fix the time that fix
/// saves on G; where K has no predicted time, its first warning gets a note
/// that says why and what input would give one (noTimeHint).
void addTimeSaved(const KernelFacts &K, llvm::ArrayRef<std::unique_ptr<Rule>> Rules,
                  const GpuProfile &G, std::vector<Finding> &Findings);

} // namespace warplint

#endif
