//===- LaunchFails.h - launch-fails ------------------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_LAUNCHFAILS_H
#define WARPLINT_RULES_LAUNCHFAILS_H

#include "analyzer/LaunchValidity.h"
#include "rules/Rule.h"

namespace warplint {

/// Launches the CUDA runtime refuses (analyzer/LaunchValidity.h), one error
/// per launch and broken limit: each host launch and annotation of the
/// kernel, and the launch given on the command line or in a launch file.
class LaunchFailsRule : public Rule {
public:
  explicit LaunchFailsRule(const RuleOptions &Opts) : Rule("launch-fails", Opts) {}
  void check(const KernelFacts &K, const FindingSink &Out) const override;
};

/// The kernel's side of a launch check (static shared memory, registers,
/// local memory, __launch_bounds__, the host code's opt-in) from K: ptxas's
/// figures when it ran, else the IR's.
LaunchCheckInput kernelLaunchInput(const KernelFacts &K);

/// The same from the IR alone (warplint run, which builds no KernelFacts).
LaunchCheckInput kernelLaunchInput(const DeviceModule &DM, const llvm::Function &F,
                                   const ArchProfile &Arch);

/// Every launch of K's kernel the source or the command line states, each
/// with its origin.
std::vector<LaunchCheckInput> launchesToCheck(const KernelFacts &K);

/// Sets In's launch to Grid/Block/Dynamic from Origin.
void setLaunch(LaunchCheckInput &In, std::optional<Dim3> Grid, const Dim3 &Block,
               uint64_t DynamicSharedBytes, std::string Origin);

/// "kernel 'k': the host launch at main.cu:12 fails with cudaErrorInvalidValue:
/// block(1025,1,1) has ..." (no rule id).
std::string launchFailureMessage(const LaunchCheckInput &In, const LaunchFailure &F);

/// launch-fails' first message for the launch Grid x Block with Dynamic bytes
/// of dynamic shared memory of kernel F (warplint run: from the command line
/// or a launch file, named by Origin); none when the GPU would take it.
std::optional<std::string> refusedRequest(const DeviceModule &DM, const llvm::Function &F,
                                          const ArchProfile &Arch, std::optional<Dim3> Grid,
                                          const Dim3 &Block, uint64_t Dynamic,
                                          llvm::StringRef Origin);

/// The blocks of kernel F's launch of Block threads and Dynamic bytes of
/// dynamic shared memory that fit on Arch's GPU at once (SMs x blocks per
/// SM, as the launch-fails rule computes them: what a cooperative launch
/// may have), with How ("132 SMs x 16 blocks per SM for this kernel").
uint64_t residentBlocks(const llvm::Function &F, const ArchProfile &Arch, const Dim3 &Block,
                        uint64_t Dynamic, std::string &How);

/// The origin of an explicit launch whose LaunchEntry::Source is Source:
/// "the launch from the command line", "the launch in launch file f.json";
/// empty for any other source.
std::string explicitOrigin(llvm::StringRef Source);

} // namespace warplint

#endif
