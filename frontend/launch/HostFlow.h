//===- HostFlow.h - Host values through the calls of a file -----*- C++ -*-===//
//
// The host code's data flow across the calls of one translation unit: a
// launch in `void launch(int M, int N)` takes M and N from each call of
// launch in the file (`launch(4096, 1024)` in main, or through a dispatcher
// `run(int which, int m) { switch (which) { case 1: launch(m, m); ... } }`),
// each call site a path of its own, named by where it is and the branches
// of unknown condition it takes. A function no call in the file reaches
// (main, or one called from another file) starts with its parameters
// unknown, unless --arg names them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCH_HOSTFLOW_H
#define WARPLINT_FRONTEND_LAUNCH_HOSTFLOW_H

#include "frontend/launch/HostValues.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CallExpr;
class FunctionDecl;
class Stmt;
} // namespace clang

namespace warplint {

/// The calls of one translation unit and the values they pass.
class HostFlow {
public:
  /// Named: the command line's --arg values, which bind host parameters and
  /// loop variables of those names (HostInputs::Named).
  HostFlow(clang::ASTContext &Ctx, const std::map<std::string, int64_t> &Named)
      : Ctx(Ctx), Named(Named) {}

  /// Records a call in the body of Caller (a function of the file, not a
  /// template's pattern).
  void addCall(const clang::CallExpr *CE, const clang::FunctionDecl *Caller);

  /// One way the host code reaches a statement.
  struct Reached {
    std::unique_ptr<HostValues> Values; ///< The values there.
    /// How: the branches and loop values on the way, then each call out to
    /// the function no call reaches (" (bs = 64) from run at main.cu:40
    /// (case 2) from main at main.cu:61"); empty for a plain path.
    std::string Via;
    std::set<std::string> NamedUsed; ///< The --arg names it took values from.
  };

  /// Every way the file's host code reaches Target in the body of Host, at
  /// most 64: one per call of Host (and of its callers, up to 8 calls deep;
  /// 20,000 walks of a function for the whole file),
  /// per value of each loop over a constant list that holds it; none when
  /// every path is known not to be taken. Flow false (a template's pattern):
  /// one path where only constants are known.
  std::vector<Reached> reach(const clang::FunctionDecl *Host, const clang::Stmt *Target,
                             bool Flow);

private:
  /// What one call passes to a function.
  struct Entry {
    HostInputs In;
    std::string Via;
    std::set<std::string> NamedUsed;
  };
  struct Call {
    const clang::CallExpr *CE;
    const clang::FunctionDecl *Caller;
  };

  std::vector<Reached> reachAt(const clang::FunctionDecl *Host, const clang::Stmt *Target,
                               bool Flow, unsigned Depth);
  std::vector<Entry> entries(const clang::FunctionDecl *FD, unsigned Depth);
  std::string where(const clang::Stmt *S) const;

  clang::ASTContext &Ctx;
  const std::map<std::string, int64_t> &Named;
  /// By the callee's canonical declaration.
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Call>> Calls;
  llvm::DenseMap<const clang::FunctionDecl *, std::vector<Entry>> Memo;
  /// The functions whose calls are being followed (a recursion stops).
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> Active;
  size_t Walks = 0; ///< The HostValues walks made so far.
};

} // namespace warplint

#endif
