//===- ThreadDependence.h - Which thread indices a value uses ---*- C++ -*-===//
//
// Walks the operands of a value back to the special registers it is computed
// from: which of threadIdx.x/y/z it depends on (and whether loaded data or a
// loop counter enters it). Rules use it to tell how many threads of a block
// compute the same address.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_THREADDEPENDENCE_H
#define WARPLINT_ANALYZER_THREADDEPENDENCE_H

#include "llvm/IR/Value.h"

namespace llvm {
class LoopInfo;
}

namespace warplint {

/// What a value is computed from.
struct ThreadDependence {
  bool Tid[3] = {false, false, false}; ///< threadIdx.x, .y, .z.
  bool LoadedData = false;             ///< A load feeds it.
  bool AtomicResult = false;           ///< An atomic's returned value feeds it.
  bool Phi = false;                    ///< A phi (a loop counter) feeds it.
  /// True when threadIdx.D (0 = x) enters the value.
  bool dependsOnTid(unsigned D) const { return Tid[D]; }
};

/// The thread-index dependence of V, through arithmetic, casts, GEPs, selects
/// and phis (loads end the walk and set LoadedData). Given the function's
/// loops, a value a loop computes and code after the loop reads depends on
/// what the loop's exits do too: the lanes of a warp leave a loop whose exit
/// depends on the thread (or on loaded data) at different iterations, so
/// its counter (`while (v > edges[b]) ++b;`, v per thread) is per thread
/// after the loop even though the lanes step together inside it.
ThreadDependence threadDependence(const llvm::Value *V, const llvm::LoopInfo *Loops = nullptr);

} // namespace warplint

#endif
