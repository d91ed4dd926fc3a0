//===- HostApiReader.h - Host API calls that shape launches -----*- C++ -*-===//
//
// The runtime calls beside k<<<g, b>>> that decide whether a kernel's launches
// can run: cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
// N), which raises the dynamic shared memory a launch may ask for above the
// 48 KB default, and cudaLaunchCooperativeKernel(k, grid, block, args[,
// shared]), a launch whose blocks must all be resident at once. The launch
// collector hands it every call of the host code it walks.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_HOSTAPIREADER_H
#define WARPLINT_FRONTEND_LAUNCH_HOSTAPIREADER_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringMap.h"

#include <vector>

namespace clang {
class ASTContext;
class ASTNameGenerator;
class CallExpr;
class FunctionDecl;
} // namespace clang

namespace warplint {

/// Reads the opt-ins and cooperative launches of one translation unit.
class HostApiReader {
public:
  HostApiReader(clang::ASTContext &Ctx, clang::ASTNameGenerator &Names)
      : Ctx(Ctx), Names(Names) {}

  /// Reads E when it is one of the calls above. Host is the function whose
  /// body holds E (null at namespace scope); Flow false when its locals may
  /// not be followed (a template's pattern). A cooperative launch is added
  /// to Launches as a host launch.
  void visitCall(const clang::CallExpr *E, const clang::FunctionDecl *Host, bool Flow,
                 std::vector<SourceLaunch> &Launches);

  /// After the walk: every host launch of a kernel the file opts in gets
  /// the opt-in (SourceLaunch::OptIn). An opt-in in a helper that takes the
  /// kernel as a parameter (`void optIn(void (*k)(float *), int n) {
  /// cudaFuncSetAttribute(k, ..., n); }`) counts for each call of the
  /// helper with a kernel, with the bytes that call passes.
  void finish(std::vector<SourceLaunch> &Launches);

private:
  /// cudaFuncSetAttribute in a helper whose kernel is its parameter.
  struct Forwarded {
    const clang::FunctionDecl *Helper;
    const clang::CallExpr *Call;
    unsigned KernelParam;
  };
  /// A call that passes a kernel to a function, with where it is.
  struct KernelPassed {
    const clang::CallExpr *Call;
    const clang::FunctionDecl *Host;
    bool Flow;
  };
  void addOptIn(const clang::FunctionDecl *Kernel, std::optional<uint64_t> Bytes,
                const clang::CallExpr *At);

  clang::ASTContext &Ctx;
  clang::ASTNameGenerator &Names;
  /// By mangled kernel name.
  llvm::StringMap<SharedOptIn> OptIns;
  std::vector<Forwarded> Forwards;
  std::vector<KernelPassed> Passes;
};

} // namespace warplint

#endif
