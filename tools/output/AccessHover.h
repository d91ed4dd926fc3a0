//===- AccessHover.h - One access as the editor's hover shows it -*- C++ -*-===//
//
// What `warplint lsp` shows on hover over a memory access (Markdown): its
// state space and operation, its pattern and stride, the predicted sectors,
// wavefronts or passes per request against the ideal, its totals over the
// launch and their share of the kernel's, and the time making it ideal saves
// (the time model's, as each finding's "fixing this saves" is priced). Built
// from the same analyses `warplint accesses` prints (KernelFacts), never
// computed apart.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_OUTPUT_ACCESSHOVER_H
#define WARPLINT_TOOLS_OUTPUT_ACCESSHOVER_H

#include "analyzer/arch/GpuProfile.h"
#include "frontend/SourceLocation.h"

#include <string>
#include <vector>

namespace warplint {

struct KernelFacts;

/// One access of one kernel, ready to show.
struct AccessHover {
  SourceLoc Loc;
  /// The hover's Markdown.
  std::string Markdown;
};

/// The hovers of every access of K, in K.Spaces' order (and one at each
/// line the optimizer merged into an access, which says so); times on Gpu
/// (none: no time is given).
std::vector<AccessHover> accessHovers(const KernelFacts &K, const GpuProfile *Gpu);

} // namespace warplint

#endif
