//===- AssumedBlockShape.h - Findings of a 1-D block assumed for 2-D code -*- C++ -*-===//
//
// A kernel that reads threadIdx.y or .z (or blockDim.y or .z) is written for
// blocks of more than one dimension. Where no launch gave its block (the
// 1-D block of 256 assumed, or __launch_bounds__ alone, which bounds the
// thread count but says nothing of the shape), what the lanes of a warp
// touch in the analysis is not what they touch on the GPU: a bank conflict
// or a coalescing figure found that way was judged false on real code (a
// benchmark's kernels launched with dim3(8, 8) from another file reported
// 8-way where the GPU sees 4-way). Such findings are notes that say so.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_RULES_ASSUMEDBLOCKSHAPE_H
#define WARPLINT_RULES_ASSUMEDBLOCKSHAPE_H

#include "rules/Finding.h"
#include "rules/Rule.h"

#include <vector>

namespace warplint {

/// True when K's block is a 1-D shape no launch gave (assumed, or from
/// __launch_bounds__) and K reads threadIdx.y/.z or blockDim.y/.z.
bool blockShapeGuessed(const KernelFacts &K);

/// With blockShapeGuessed(K): each warning of Findings from a rule whose
/// figure follows from the lanes' layout becomes a note, with a note of why
/// and how to give the launch.
void demoteForGuessedShape(const KernelFacts &K, std::vector<Finding> &Findings);

} // namespace warplint

#endif
