//===- LoadOverlap.h - Loads a warp keeps in flight across iterations -*- C++ -*-===//
//
// A warp waits for a load at the first instruction that uses its value. In a
// loop whose iterations are independent (`acc += a[k * n + i]`), ptxas
// unrolls the loop and issues the loads of several iterations before the
// first use, so a warp has several in flight and pays a load's latency once
// per group. Where a store in the loop may write what a later iteration loads
// (`out[i] += a[k * n + i]` with `out` and `a` not `__restrict__`), or a
// barrier or a call that writes memory sits in the loop, or the loop stays
// rolled (a grid-stride loop), the loads of an iteration wait for the one
// before: one latency per iteration. Measured on an H200
// (tests/hardware/physics, the dep-* family): 167 ns per iteration of an
// L2-served read-modify-write, against 12 ns per iteration once the sum is
// kept in a register.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_TIME_LOADOVERLAP_H
#define WARPLINT_ANALYZER_TIME_LOADOVERLAP_H

#include <vector>

namespace warplint {

class StateSpaces;

/// For each access of Spaces (by index): true for a load all of whose IR
/// sites are in a loop whose iterations' loads may be in flight together (an
/// unrolled loop with no barrier, no call that writes memory and no store
/// that may write what the load reads, as LLVM's alias analysis sees it).
std::vector<bool> loadsOverlapIterations(const StateSpaces &Spaces);

} // namespace warplint

#endif
