//===- FailedBodies.cpp - Leave out device code Clang rejects -------------===//
#include "frontend/cuda/FailedBodies.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/cuda/KernelSlice.h"
#include "frontend/cuda/UnparsedDeclarations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/DynamicRecursiveASTVisitor.h"
#include "clang/AST/Mangle.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/Path.h"
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

/// Maps errors to the device function bodies (or declarations) that hold
/// them, and to the host code that does.
class ErrorLocator : public DynamicRecursiveASTVisitor {
public:
  ErrorLocator(ASTContext &Ctx, const std::string &Directory,
               const std::vector<ClangError> &Errors, std::vector<bool> &Inside,
               std::vector<bool> &InHost, BodyErrors &Out)
      : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()), Directory(Directory),
        Errors(Errors), Inside(Inside), InHost(InHost), Out(Out) {}

  bool VisitFunctionDecl(FunctionDecl *FD) override {
    if (FD->isImplicit())
      return true;
    if (const auto *M = dyn_cast<CXXMethodDecl>(FD); M && M->getParent()->isLambda())
      return true;
    const Decl *Outer = FD;
    if (const FunctionTemplateDecl *TD = FD->getDescribedFunctionTemplate())
      Outer = TD;
    SourceRange Body;
    if (FD->doesThisDeclarationHaveABody() && FD->getBody())
      Body = FD->getBody()->getSourceRange();
    // An instantiation's text is its pattern's: only an error in its body
    // (which it shares with the pattern) is its own.
    if (FD->isTemplateInstantiation()) {
      if (Body.isValid() && isDeviceFunction(*FD))
        locateDevice(*FD, *FD, Body, /*BodyOnly=*/true);
      return true;
    }
    if (isDeviceFunction(*FD))
      locateDevice(*FD, *Outer, Body);
    else
      locateHost(*FD, *Outer, Body);
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) override {
    if (isa<ParmVarDecl>(VD) || !VD->getDeclContext()->isFileContext() ||
        VD->hasAttr<CUDADeviceAttr>() || VD->hasAttr<CUDASharedAttr>() ||
        VD->hasAttr<CUDAConstantAttr>())
      return true;
    const Decl *Outer = VD;
    if (const VarTemplateDecl *TD = VD->getDescribedVarTemplate())
      Outer = TD;
    locateHost(*VD, *Outer, SourceRange());
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
  /// True when the expansion of L lies in R (both ends included).
  bool contains(SourceRange R, SourceLocation L) const {
    if (R.isInvalid())
      return false;
    SourceLocation Begin = SM.getExpansionLoc(R.getBegin());
    SourceLocation End = SM.getExpansionRange(R.getEnd()).getEnd();
    L = SM.getExpansionLoc(L);
    return L.isValid() && !SM.isBeforeInTranslationUnit(L, Begin) &&
           !SM.isBeforeInTranslationUnit(End, L);
  }

  /// D's whole text, from its first token to the end of its last, when a
  /// retry may leave it out: written in one file of the user's (not a system
  /// header, not the prelude or a stand-in served from memory).
  BlankRange wholeRange(const Decl &D) const {
    SourceLocation Begin = SM.getExpansionLoc(D.getBeginLoc());
    SourceLocation End = SM.getExpansionRange(D.getEndLoc()).getEnd();
    if (Begin.isInvalid() || End.isInvalid() || SM.isInSystemHeader(Begin))
      return {};
    FileID File = SM.getFileID(Begin);
    End = endOfDeclaration(SM, LO, End);
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    if (!Entry || End.isInvalid() || SM.getFileID(End) != File ||
        Entry->getName().starts_with("/__warplint"))
      return {};
    return BlankRange{Entry->getName().str(), SM.getFileOffset(Begin), SM.getFileOffset(End)};
  }

  /// The text between the braces of Body, in one file of the user's.
  BlankRange bodyRange(SourceRange Body) const {
    if (Body.isInvalid())
      return {};
    SourceLocation Open = SM.getExpansionLoc(Body.getBegin());
    SourceLocation Close = SM.getExpansionLoc(Body.getEnd());
    if (Open.isInvalid() || Close.isInvalid() || SM.isInSystemHeader(Open) ||
        SM.getFileID(Open) != SM.getFileID(Close))
      return {};
    OptionalFileEntryRef Entry = SM.getFileEntryRefForID(SM.getFileID(Open));
    unsigned Begin = SM.getFileOffset(Open) + 1, End = SM.getFileOffset(Close);
    if (!Entry || End < Begin || Entry->getName().starts_with("/__warplint"))
      return {};
    return BlankRange{Entry->getName().str(), Begin, End};
  }

  void locateDevice(const FunctionDecl &FD, const Decl &Outer, SourceRange Body,
                    bool BodyOnly = false) {
    SourceRange Whole = Outer.getSourceRange();
    for (size_t I = 0; I < Errors.size(); ++I) {
      bool InBody = contains(Body, Errors[I].Loc);
      if (!InBody && (BodyOnly || !contains(Whole, Errors[I].Loc)))
        continue;
      BlankRange Range = wholeRange(Outer);
      if (!InBody && !Range.valid())
        continue;
      Inside[I] = true;
      std::string Key = bodyKey(SM, FD);
      if (Key.empty())
        continue;
      auto [It, New] = Out.Bodies.try_emplace(Key);
      FailedBody &B = It->second;
      B.InDeclaration |= !InBody;
      if (!New)
        continue;
      B.Name = FD.getQualifiedNameAsString();
      B.IsKernel = FD.hasAttr<CUDAGlobalAttr>();
      B.ErrorLoc = sourceLoc(Errors[I].Loc);
      B.Error = Errors[I].Message;
      B.Whole = Range;
      B.Body = bodyRange(Body);
    }
  }

  /// The outermost host function or declaration that holds an error takes it.
  void locateHost(const NamedDecl &D, const Decl &Outer, SourceRange Body) {
    SourceRange Whole = Outer.getSourceRange();
    for (size_t I = 0; I < Errors.size(); ++I) {
      if (Inside[I] || InHost[I] || !contains(Whole, Errors[I].Loc))
        continue;
      BlankRange Range = wholeRange(Outer);
      std::string Key = bodyKey(SM, D);
      if (!Range.valid() || Key.empty())
        continue;
      InHost[I] = true;
      auto [It, New] = Out.Host.try_emplace(Key);
      FailedHostCode &H = It->second;
      H.InBody &= contains(Body, Errors[I].Loc);
      if (!New)
        continue;
      H.Name = D.getQualifiedNameAsString();
      H.Whole = Range;
      H.Body = bodyRange(Body);
      SourceLocation Begin = SM.getExpansionLoc(Outer.getBeginLoc());
      H.ShortFile = llvm::sys::path::filename(SM.getFilename(Begin)).str();
      H.FirstLine = SM.getExpansionLineNumber(Begin);
      H.LastLine = SM.getExpansionLineNumber(SM.getExpansionRange(Outer.getEndLoc()).getEnd());
      H.ErrorLoc = sourceLoc(Errors[I].Loc);
      H.Error = Errors[I].Message;
    }
  }

  const SourceManager &SM;
  const LangOptions &LO;
  const std::string &Directory;
  const std::vector<ClangError> &Errors;
  std::vector<bool> &Inside;
  std::vector<bool> &InHost;
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
      std::vector<bool> Inside(Errors.size(), false), InHost(Errors.size(), false);
      // Clang's closing "too many errors" is no error of the code.
      for (size_t I = 0; I < Errors.size(); ++I)
        if (StringRef(Errors[I].Message).starts_with("too many errors emitted"))
          Inside[I] = InHost[I] = true;
      ErrorLocator L(Ctx, Directory, Errors, Inside, InHost, Out);
      for (Decl *D : Parsed)
        L.TraverseDecl(D);
      // Errors between the declarations Clang kept: a declaration it has
      // nothing of (`using torch::Tensor;`).
      for (size_t I = 0; I < Errors.size(); ++I) {
        if (Inside[I] || InHost[I])
          continue;
        std::string Key;
        std::optional<FailedHostCode> H = unparsedDeclaration(Ctx, Parsed, Errors[I].Loc, Key);
        if (!H)
          continue;
        InHost[I] = true;
        auto [It, New] = Out.Host.try_emplace(Key, std::move(*H));
        if (New) {
          It->second.ErrorLoc = L.sourceLoc(Errors[I].Loc);
          It->second.Error = Errors[I].Message;
        }
      }
      auto Text = [&](size_t I) {
        SourceLoc At = L.sourceLoc(Errors[I].Loc);
        return At.valid() ? llvm::formatv("{0}:{1}:{2}: error: {3}", At.File, At.Line,
                                          At.Column, Errors[I].Message)
                                .str()
                          : "error: " + Errors[I].Message;
      };
      for (size_t I = 0; I < Errors.size(); ++I) {
        if (!Inside[I] && Out.FirstOutside.empty())
          Out.FirstOutside = Text(I);
        if (!Inside[I] && !InHost[I] && Out.FirstUnattributed.empty())
          Out.FirstUnattributed = Text(I);
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
  return std::make_unique<FailedBodyLocator>(compileDirectory(CI), Errors, Skipped, Out,
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
