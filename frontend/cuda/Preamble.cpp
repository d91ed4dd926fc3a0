//===- Preamble.cpp - Precompiled preambles of open files -----------------===//
#include "frontend/cuda/Preamble.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Sema/Sema.h"
#include "clang/Serialization/PCHContainerOperations.h"

using namespace llvm;

namespace warplint {

namespace {

/// Counts the errors of a preamble build; a preamble that had any is not
/// used, so that the full compile reports them where they are.
class ErrorCounter : public clang::DiagnosticConsumer {
public:
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level >= clang::DiagnosticsEngine::Error)
      ++Errors;
  }
  unsigned Errors = 0;
};

/// Keeps every function body (CodeGen emits the headers' device functions
/// from the preamble), and keeps out of the preamble the system headers'
/// declarations that Sema lists for its end-of-file checks (CUDA's deferred
/// diagnostics, unused static functions): every compile that used the
/// preamble would load them all from it to check them again (a third of a
/// re-check), though a system header's functions have no deferred
/// diagnostics of their own (the file's kernels, where that check starts,
/// reach those they call) and warnings in system headers are not shown.
/// (The lists are pruned as each declaration is parsed: nothing runs
/// between Sema's end-of-file work and the PCH's writing.)
class PreambleHooks : public clang::PreambleCallbacks {
public:
  bool shouldSkipFunctionBody(clang::Decl *) override { return false; }
  void BeforeExecute(clang::CompilerInstance &Compiler) override { CI = &Compiler; }
  void HandleTopLevelDecl(clang::DeclGroupRef) override {
    if (!CI || !CI->hasSema())
      return;
    const clang::SourceManager &SM = CI->getSourceManager();
    auto InSystemHeader = [&](const clang::Decl *D) {
      return SM.isInSystemHeader(D->getLocation());
    };
    clang::Sema &S = CI->getSema();
    S.DeclsToCheckForDeferredDiags.remove_if(InSystemHeader);
    auto &Unused = S.UnusedFileScopedDecls;
    llvm::SmallVector<const clang::DeclaratorDecl *, 8> Kept;
    bool Pruned = false;
    for (auto I = Unused.begin(nullptr, /*LocalOnly=*/true); I != Unused.end(); ++I)
      if (InSystemHeader(*I))
        Pruned = true;
      else
        Kept.push_back(*I);
    if (!Pruned)
      return;
    Unused.erase(Unused.begin(nullptr, /*LocalOnly=*/true), Unused.end());
    for (const clang::DeclaratorDecl *D : Kept)
      Unused.push_back(D);
  }

private:
  clang::CompilerInstance *CI = nullptr;
};

} // namespace

std::shared_ptr<const clang::PrecompiledPreamble>
buildPreamble(clang::CompilerInvocation &CI, IntrusiveRefCntPtr<vfs::FileSystem> FS,
              const MemoryBuffer &Main, const clang::PreambleBounds &Bounds) {
  // The headers' pending template instantiations are done once, in the
  // preamble, rather than at the end of every compile that uses it.
  CI.getLangOpts().PCHInstantiateTemplates = true;
  ErrorCounter Counter;
  clang::DiagnosticOptions DiagOpts;
  IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(*FS, DiagOpts, &Counter,
                                                 /*ShouldOwnClient=*/false);
  PreambleHooks Callbacks;
  ErrorOr<clang::PrecompiledPreamble> Built = clang::PrecompiledPreamble::Build(
      CI, &Main, Bounds, Diags, FS, std::make_shared<clang::PCHContainerOperations>(),
      /*StoreInMemory=*/true, /*StoragePath=*/"", Callbacks);
  if (!Built || Counter.Errors)
    return nullptr;
  return std::make_shared<clang::PrecompiledPreamble>(std::move(*Built));
}

PreambleCache::PreambleCache() = default;
PreambleCache::~PreambleCache() = default;

std::shared_ptr<const clang::PrecompiledPreamble>
PreambleCache::use(clang::CompilerInvocation &CI, IntrusiveRefCntPtr<vfs::FileSystem> &FS,
                   const MemoryBuffer &Main) {
  std::lock_guard<std::mutex> Guard(Lock);
  // Set before CanReuse, which compares CI with the preamble's invocation.
  CI.getLangOpts().PCHInstantiateTemplates = true;
  clang::PreambleBounds Bounds =
      clang::ComputePreambleBounds(CI.getLangOpts(), Main.getMemBufferRef(), /*MaxLines=*/0);
  std::shared_ptr<const clang::PrecompiledPreamble> &Kept =
      Preambles[Main.getBufferIdentifier()];
  if (!Kept || !Kept->CanReuse(CI, Main.getMemBufferRef(), Bounds, *FS)) {
    Kept = buildPreamble(CI, FS, Main, Bounds);
    ++Builds;
    if (!Kept)
      return nullptr;
  }
  // AddImplicitPreamble takes a mutable buffer but only reads its name.
  Kept->AddImplicitPreamble(CI, FS, const_cast<MemoryBuffer *>(&Main));
  return Kept;
}

} // namespace warplint
