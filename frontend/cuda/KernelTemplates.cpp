//===- KernelTemplates.cpp - Kernel templates nothing instantiates --------===//
#include "frontend/cuda/KernelTemplates.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/cuda/RawTokens.h"
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
    SourceLoc Loc{displayPath(Directory, P.getFilename()), P.getLine(), P.getColumn()};
    if (!HostBodiesSkipped && !SM.isInMainFile(SM.getFileLoc(T->getLocation()))) {
      Out.push_back({Name, Loc, headerTemplateNote(Name, Loc.File, false, nullptr),
                     /*NotInstantiated=*/true, /*InHeader=*/true});
      return true;
    }
    std::string Why =
        HostBodiesSkipped
            ? "the host code that would instantiate it was skipped (it did not compile)"
            : "nothing in this file instantiates it";
    Out.push_back({Name, Loc,
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

/// Visits the translation unit's declarations at its end, when every
/// instantiation has been made: those a stored preamble holds (the user's
/// headers included before the first line of code) as well as those this
/// compile parsed, so that a header's templates are named alike with and
/// without a preamble.
class KernelTemplateCollector : public ASTConsumer {
public:
  KernelTemplateCollector(std::string Directory, bool HostBodiesSkipped,
                          std::vector<DroppedCode> &Out)
      : Directory(std::move(Directory)), HostBodiesSkipped(HostBodiesSkipped), Out(Out) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    TemplateVisitor V(Ctx.getSourceManager(), Directory, HostBodiesSkipped, Out);
    V.TraverseDecl(Ctx.getTranslationUnitDecl());
  }

private:
  std::string Directory;
  bool HostBodiesSkipped;
  std::vector<DroppedCode> &Out;
};

} // namespace

std::unique_ptr<ASTConsumer> createKernelTemplateCollector(CompilerInstance &CI,
                                                           bool HostBodiesSkipped,
                                                           std::vector<DroppedCode> &Out) {
  return std::make_unique<KernelTemplateCollector>(compileDirectory(CI), HostBodiesSkipped, Out);
}

std::string headerTemplateNote(llvm::StringRef Name, llvm::StringRef Header, bool Searched,
                               const TemplateUse *Use) {
  std::string Head = llvm::formatv("kernel template '{0}' of {1} is not instantiated in this file",
                                   Name, Header);
  if (!Searched)
    return Head + llvm::formatv(": a header's template is analyzed with the files that "
                                "instantiate it (give -p to find them among the compile "
                                "database's files, or name one here with a `// warplint: "
                                "instantiate {0}<...>` comment)",
                                Name)
                      .str();
  if (Use)
    return Head + llvm::formatv(": {0}:{1} instantiates it (`{2}`), and it is analyzed with "
                                "that file",
                                Use->File, Use->Line, Use->Spelled)
                      .str();
  return Head + llvm::formatv(", nor in any other file of the compile database: it is analyzed "
                              "nowhere (name an instantiation with a `// warplint: instantiate "
                              "{0}<...>` comment or in a launch file)",
                              Name)
                    .str();
}

std::vector<TemplateUse> templateUses(llvm::StringRef Text, llvm::StringRef Name) {
  namespace tok = clang::tok;
  std::vector<TemplateUse> Out;
  if (Name.empty() || !Text.contains(Name))
    return Out;
  std::vector<TextToken> Toks = lexText(Text);
  auto Spelling = [&](size_t I) { return Text.slice(Toks[I].Begin, Toks[I].End); };
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    if (Toks[I].Kind != tok::raw_identifier || Toks[I + 1].Kind != tok::less ||
        Spelling(I) != Name || (I && Toks[I - 1].Kind == tok::period) ||
        (I && Toks[I - 1].Kind == tok::arrow))
      continue;
    // The '>' that closes the argument list: '<' and '>' counted outside
    // brackets, '>>' closing two; a ';' or an unbalanced bracket ends it.
    int Angles = 0, Brackets = 0;
    size_t J = I + 1;
    for (; J < Toks.size(); ++J) {
      tok::TokenKind K = Toks[J].Kind;
      if (K == tok::semi || (Brackets == 0 && closesBracket(K)))
        break;
      Brackets += opensBracket(K) - closesBracket(K);
      if (Brackets)
        continue;
      Angles += K == tok::less;
      Angles -= K == tok::greater ? 1 : K == tok::greatergreater ? 2 : 0;
      if (Angles <= 0)
        break;
    }
    if (J == Toks.size() || Angles != 0)
      continue;
    unsigned Line = 1 + Text.take_front(Toks[I].Begin).count('\n');
    Out.push_back({"", Line, Text.slice(Toks[I].Begin, Toks[J].End).str()});
  }
  return Out;
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
