//===- FrontendBudgetWatch.cpp - The file budget inside Clang -------------===//
#include "frontend/cuda/FrontendBudgetWatch.h"
#include "frontend/StackGuard.h"

#include "clang/AST/DeclGroup.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "clang/Sema/TemplateInstCallback.h"

namespace warplint {
namespace {

/// The preprocessor's checkpoints: each macro expanded, each file entered.
class PreprocessorCheckpoints : public clang::PPCallbacks {
public:
  explicit PreprocessorCheckpoints(FrontendBudgetWatch &W) : W(W) {}
  void MacroExpands(const clang::Token &, const clang::MacroDefinition &, clang::SourceRange,
                    const clang::MacroArgs *) override {
    W.check();
  }
  void FileChanged(clang::SourceLocation, FileChangeReason, clang::SrcMgr::CharacteristicKind,
                   clang::FileID) override {
    W.check();
  }

private:
  FrontendBudgetWatch &W;
};

/// Sema's checkpoint: each template instantiation begun.
class InstantiationCheckpoints : public clang::TemplateInstantiationCallback {
public:
  explicit InstantiationCheckpoints(FrontendBudgetWatch &W) : W(W) {}
  void initialize(const clang::Sema &) override {}
  void finalize(const clang::Sema &) override {}
  void atTemplateBegin(const clang::Sema &,
                       const clang::Sema::CodeSynthesisContext &) override {
    W.check();
  }
  void atTemplateEnd(const clang::Sema &, const clang::Sema::CodeSynthesisContext &) override {}

private:
  FrontendBudgetWatch &W;
};

/// The parser's checkpoint (each top-level declaration), and Sema's, added
/// once Sema exists.
class DeclarationCheckpoints : public clang::SemaConsumer {
public:
  explicit DeclarationCheckpoints(FrontendBudgetWatch &W) : W(W) {}
  void InitializeSema(clang::Sema &S) override {
    S.TemplateInstCallbacks.push_back(std::make_unique<InstantiationCheckpoints>(W));
  }
  bool HandleTopLevelDecl(clang::DeclGroupRef) override {
    W.check();
    return true;
  }

private:
  FrontendBudgetWatch &W;
};

} // namespace

void FrontendBudgetWatch::watch(clang::Preprocessor &PP) {
  PP.addPPCallbacks(std::make_unique<PreprocessorCheckpoints>(*this));
  // Every token of the expanded stream the parser reads: a long parse
  // without macros or declarations (an else-if chain) is checked too.
  PP.setTokenWatcher([this](const clang::Token &) { check(); });
}

std::unique_ptr<clang::ASTConsumer> FrontendBudgetWatch::consumer() {
  return std::make_unique<DeclarationCheckpoints>(*this);
}

void FrontendBudgetWatch::stop() {
  // Before the compile's memory is given back: what it had grown to.
  Budget.stop("the front end");
  Stopped = true;
  abandonGuardedRun();
}

} // namespace warplint
