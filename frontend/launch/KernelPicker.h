//===- KernelPicker.h - Kernels a picker function returns -------*- C++ -*-===//
//
// A host function that picks which kernel to launch and returns it as a
// function pointer: `fn k = pick(rows, wide); k<<<g, b>>>(...)`, where pick
// returns one of many kernels (`if (rows == 1) return gemv<1, 32>;`, a
// switch, a macro writing the list). The launch is one of every kernel the
// picker of the translation unit can return, whichever branch its arguments
// take: its returns are followed through ternaries, locals it assigns and
// returns, and the pickers it calls in turn. A picker only declared here
// (defined in another file) returns none.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_KERNELPICKER_H
#define WARPLINT_FRONTEND_LAUNCH_KERNELPICKER_H

#include <vector>

namespace clang {
class CallExpr;
class FunctionDecl;
class ReturnStmt;
} // namespace clang

namespace warplint {

/// A kernel a launch runs, and, when a picker returned it, the return that
/// gives it (in the function Picker).
struct PickedKernel {
  const clang::FunctionDecl *Kernel = nullptr;
  const clang::FunctionDecl *Picker = nullptr;
  const clang::ReturnStmt *Return = nullptr;
};

/// Every kernel (a `__global__` function) the call CE can return, each once,
/// in the order of the picker's returns; none when CE's callee has no body
/// in the translation unit or returns no kernel reference.
std::vector<PickedKernel> pickedKernels(const clang::CallExpr *CE);

} // namespace warplint

#endif
