//===- KernelTemplates.cpp - Kernel templates nothing instantiates --------===//
#include "frontend/cuda/KernelTemplates.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/SourceLocation.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace warplint {
namespace {

class TemplateVisitor : public RecursiveASTVisitor<TemplateVisitor> {
public:
  TemplateVisitor(const SourceManager &SM, const std::string &Directory, bool HostBodiesSkipped,
                  std::vector<DroppedCode> &Out)
      : SM(SM), Directory(Directory), HostBodiesSkipped(HostBodiesSkipped), Out(Out) {}

  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionTemplateDecl(FunctionTemplateDecl *T) {
    const FunctionDecl *FD = T->getTemplatedDecl();
    if (!FD->hasAttr<CUDAGlobalAttr>() || !T->isThisDeclarationADefinition() ||
        !T->getCanonicalDecl()->specializations().empty())
      return true;
    // A member template of a class template is instantiated with its class.
    if (FD->isDependentContext() && T->getDeclContext()->isDependentContext())
      return true;
    PresumedLoc P = SM.getPresumedLoc(SM.getFileLoc(T->getLocation()));
    if (P.isInvalid())
      return true;
    std::string Name = T->getQualifiedNameAsString();
    std::string Why =
        HostBodiesSkipped
            ? "the host code that would instantiate it was skipped (it did not compile)"
            : "nothing in this file instantiates it";
    Out.push_back({Name,
                   SourceLoc{displayPath(Directory, P.getFilename()), P.getLine(), P.getColumn()},
                   llvm::formatv("kernel template '{0}' was not analyzed: {1}; name an "
                                 "instantiation with a `// warplint: instantiate {0}<...>` "
                                 "comment or in a launch file",
                                 Name, Why),
                   /*NotInstantiated=*/true});
    return true;
  }

private:
  const SourceManager &SM;
  const std::string &Directory;
  bool HostBodiesSkipped;
  std::vector<DroppedCode> &Out;
};

/// Visits the declarations this compile parsed (not a preamble's) at the
/// end of the translation unit, when every instantiation has been made.
class KernelTemplateCollector : public ASTConsumer {
public:
  KernelTemplateCollector(std::string Directory, bool HostBodiesSkipped,
                          std::vector<DroppedCode> &Out)
      : Directory(std::move(Directory)), HostBodiesSkipped(HostBodiesSkipped), Out(Out) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    TemplateVisitor V(Ctx.getSourceManager(), Directory, HostBodiesSkipped, Out);
    for (size_t I = 0; I < Parsed.size(); ++I)
      V.TraverseDecl(Parsed[I]);
  }

private:
  std::string Directory;
  bool HostBodiesSkipped;
  std::vector<DroppedCode> &Out;
  std::vector<Decl *> Parsed;
};

} // namespace

std::unique_ptr<ASTConsumer> createKernelTemplateCollector(CompilerInstance &CI,
                                                           bool HostBodiesSkipped,
                                                           std::vector<DroppedCode> &Out) {
  return std::make_unique<KernelTemplateCollector>(compileDirectory(CI), HostBodiesSkipped, Out);
}

std::vector<std::pair<unsigned, std::string>> instantiationComments(llvm::StringRef Text) {
  std::vector<std::pair<unsigned, std::string>> Out;
  llvm::Regex Comment("//[ \t]*warplint:[ \t]*instantiate[ \t]+(.*[^ \t\r])[ \t\r]*$");
  unsigned Line = 0;
  for (llvm::StringRef L : llvm::split(Text, '\n')) {
    ++Line;
    if (!L.contains("warplint:"))
      continue;
    llvm::SmallVector<llvm::StringRef, 2> M;
    if (Comment.match(L, &M))
      Out.push_back({Line, M[1].str()});
  }
  return Out;
}

std::string instantiationText(llvm::StringRef File,
                              llvm::ArrayRef<std::pair<unsigned, std::string>> Names) {
  // The file's name in a string literal: a quote, a backslash or a newline
  // in it (a hostile repository's file name) escaped, never ending the
  // directive's line.
  std::string Quoted;
  for (unsigned char C : File) {
    if (C == '"' || C == '\\')
      Quoted += '\\';
    if (C < 0x20 || C == 0x7f) {
      Quoted += '\\';
      for (unsigned Shift : {6u, 3u, 0u})
        Quoted += char('0' + ((C >> Shift) & 7));
    } else
      Quoted += char(C);
  }
  std::string Text = "\n";
  unsigned Index = 0;
  for (const auto &[Line, Name] : Names) {
    // A name that would end the line is never pasted (launch files' names
    // are checked when read: frontend/launch/LaunchFile.h checkKernelName).
    if (llvm::any_of(Name, [](unsigned char C) { return C < 0x20 || C == 0x7f; }))
      continue;
    if (Line)
      Text += llvm::formatv("#line {0} \"{1}\"\n", Line, Quoted).str();
    Text += llvm::formatv("static auto *__warplint_instantiate_{0} = &{1};\n", Index++, Name)
                .str();
  }
  return Text;
}

} // namespace warplint
