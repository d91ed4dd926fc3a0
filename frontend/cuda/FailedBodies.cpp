//===- FailedBodies.cpp - Leave out device code Clang rejects -------------===//
#include "frontend/cuda/FailedBodies.h"
#include "frontend/cuda/KernelSlice.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Mangle.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace clang;

namespace warplint {

std::string bodyKey(const SourceManager &SM, const Decl &D) {
  PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(D.getLocation()));
  if (P.isInvalid())
    return "";
  return llvm::formatv("{0}:{1}:{2}", P.getFilename(), P.getLine(), P.getColumn()).str();
}

namespace {

/// Kernels and device functions (host-device ones too), not lambdas: a
/// lambda's body is skipped with the function that holds it.
bool isDeviceFunction(const FunctionDecl &FD) {
  if (const auto *M = dyn_cast<CXXMethodDecl>(&FD); M && M->getParent()->isLambda())
    return false;
  return FD.hasAttr<CUDADeviceAttr>() || FD.hasAttr<CUDAGlobalAttr>();
}

/// Maps errors to the device function bodies that hold them.
class ErrorLocator : public DynamicRecursiveASTVisitor {
public:
  ErrorLocator(ASTContext &Ctx, const std::string &Directory,
               const std::vector<ClangError> &Errors, std::vector<bool> &Inside,
               BodyErrors &Out)
      : SM(Ctx.getSourceManager()), Directory(Directory), Errors(Errors), Inside(Inside),
        Out(Out) {}

  bool VisitFunctionDecl(FunctionDecl *FD) override {
    if (!FD->doesThisDeclarationHaveABody() || !isDeviceFunction(*FD) || !FD->getBody())
      return true;
    SourceRange R = FD->getBody()->getSourceRange();
    SourceLocation Begin = SM.getExpansionLoc(R.getBegin());
    SourceLocation End = SM.getExpansionRange(R.getEnd()).getEnd();
    for (size_t I = 0; I < Errors.size(); ++I) {
      SourceLocation L = SM.getExpansionLoc(Errors[I].Loc);
      if (L.isInvalid() || SM.isBeforeInTranslationUnit(L, Begin) ||
          SM.isBeforeInTranslationUnit(End, L))
        continue;
      Inside[I] = true;
      std::string Key = bodyKey(SM, *FD);
      if (Key.empty() || Out.Bodies.count(Key))
        continue;
      FailedBody &B = Out.Bodies[Key];
      B.Name = FD->getQualifiedNameAsString();
      B.IsKernel = FD->hasAttr<CUDAGlobalAttr>();
      B.ErrorLoc = sourceLoc(Errors[I].Loc);
      B.Error = Errors[I].Message;
    }
    return true;
  }

  /// Where Clang's diagnostic shows L, as debug locations name files.
  SourceLoc sourceLoc(SourceLocation L) const {
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(L));
    if (P.isInvalid())
      return {};
    return SourceLoc{displayPath(Directory, P.getFilename()), P.getLine(), P.getColumn()};
  }

private:
  const SourceManager &SM;
  const std::string &Directory;
  const std::vector<ClangError> &Errors;
  std::vector<bool> &Inside;
  BodyErrors &Out;
};

/// Names every function, instantiations included, whose body was skipped
/// because its key is in Skipped.
class SkippedNamer : public DynamicRecursiveASTVisitor {
public:
  SkippedNamer(ASTContext &Ctx, const std::set<std::string> &Skipped,
               std::map<std::string, std::string> &Out)
      : SM(Ctx.getSourceManager()), Names(Ctx), Skipped(Skipped), Out(Out) {
    ShouldVisitTemplateInstantiations = true;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) override {
    if (FD->isTemplated() || !isDeviceFunction(*FD))
      return true;
    const FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
    if (!Pattern)
      Pattern = FD;
    for (const FunctionDecl *R : Pattern->redecls()) {
      auto It = Skipped.find(bodyKey(SM, *R));
      if (It == Skipped.end())
        continue;
      if (isa<CXXConstructorDecl>(FD) || isa<CXXDestructorDecl>(FD)) {
        for (std::string &Name : Names.getAllManglings(FD))
          Out[Name] = *It;
      } else {
        Out[Names.getName(FD)] = *It;
      }
      break;
    }
    return true;
  }

private:
  const SourceManager &SM;
  ASTNameGenerator Names;
  const std::set<std::string> &Skipped;
  std::map<std::string, std::string> &Out;
};

/// Visits the declarations this compile parsed at the end of the translation
/// unit (not those of a precompiled preamble, which compiled).
class FailedBodyLocator : public ASTConsumer {
public:
  FailedBodyLocator(std::string Directory, const std::vector<ClangError> &Errors,
                    const std::set<std::string> &Skipped, BodyErrors &Out,
                    std::map<std::string, std::string> &SkippedNames)
      : Directory(std::move(Directory)), Errors(Errors), Skipped(Skipped), Out(Out),
        SkippedNames(SkippedNames) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (!Errors.empty()) {
      std::vector<bool> Inside(Errors.size(), false);
      ErrorLocator L(Ctx, Directory, Errors, Inside, Out);
      for (Decl *D : Parsed)
        L.TraverseDecl(D);
      for (size_t I = 0; I < Errors.size() && Out.FirstOutside.empty(); ++I) {
        if (Inside[I])
          continue;
        SourceLoc At = L.sourceLoc(Errors[I].Loc);
        Out.FirstOutside = At.valid() ? llvm::formatv("{0}:{1}:{2}: error: {3}", At.File,
                                                      At.Line, At.Column, Errors[I].Message)
                                            .str()
                                      : "error: " + Errors[I].Message;
      }
    } else if (!Skipped.empty()) {
      SkippedNamer N(Ctx, Skipped, SkippedNames);
      for (Decl *D : Parsed)
        N.TraverseDecl(D);
    }
  }

private:
  std::string Directory;
  const std::vector<ClangError> &Errors;
  const std::set<std::string> &Skipped;
  BodyErrors &Out;
  std::map<std::string, std::string> &SkippedNames;
  std::vector<Decl *> Parsed;
};

} // namespace

std::unique_ptr<ASTConsumer>
createFailedBodyLocator(CompilerInstance &CI, const std::vector<ClangError> &Errors,
                        const std::set<std::string> &Skipped, BodyErrors &Out,
                        std::map<std::string, std::string> &SkippedNames) {
  // Debug locations name files relative to the compile directory; so do we.
  std::string Directory = CI.getCodeGenOpts().DebugCompilationDir;
  if (Directory.empty()) {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      Directory = Cwd.str().str();
  }
  return std::make_unique<FailedBodyLocator>(std::move(Directory), Errors, Skipped, Out,
                                             SkippedNames);
}

void dropFailedKernels(llvm::Module &M, const FailedBodies &Failed,
                       const std::map<std::string, std::string> &SkippedNames,
                       std::vector<DroppedCode> &Dropped) {
  std::set<std::string> Told; // Failed device functions told through a kernel.
  std::vector<llvm::Function *> Drop;
  for (llvm::Function &F : M) {
    if (!isKernel(F))
      continue;
    for (const llvm::Function *G : callClosure(F).Functions) {
      auto Name = SkippedNames.find(G->getName().str());
      if (!G->isDeclaration() || Name == SkippedNames.end())
        continue;
      auto B = Failed.find(Name->second);
      if (B == Failed.end() || B->second.IsKernel)
        continue;
      std::string Kernel = sourceName(F);
      Dropped.push_back({Kernel, B->second.ErrorLoc,
                         llvm::formatv("kernel '{0}' was not analyzed: it calls '{1}', which "
                                       "did not compile: {2}",
                                       Kernel, B->second.Name, B->second.Error)});
      Told.insert(Name->second);
      Drop.push_back(&F);
      break;
    }
  }
  for (llvm::Function *F : Drop)
    F->deleteBody();
  for (const auto &[Key, B] : Failed) {
    if (B.IsKernel)
      Dropped.push_back({B.Name, B.ErrorLoc,
                         llvm::formatv("kernel '{0}' was not analyzed: {1}", B.Name, B.Error)});
    else if (!Told.count(Key))
      Dropped.push_back(
          {"", B.ErrorLoc,
           llvm::formatv("device function '{0}' was not analyzed: {1}", B.Name, B.Error)});
  }
  std::stable_sort(Dropped.begin(), Dropped.end(),
                   [](const DroppedCode &A, const DroppedCode &B) { return A.Loc < B.Loc; });
}

} // namespace warplint
