//===- NvccRewrites.cpp - What nvcc accepts and no Clang flag does --------===//
#include "frontend/cuda/NvccRewrites.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/Stmt.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

using namespace clang;

namespace warplint {
namespace {

/// Clang's message for a __shared__ variable with a constructor that works.
constexpr llvm::StringLiteral SharedInitError =
    "initialization is not supported for __shared__ variables";
/// Clang's message for `%globaltimer` in inline asm.
constexpr llvm::StringLiteral AsmEscapeError = "invalid % escape in inline assembly string";

/// Clang's message where an asm operand follows another without a comma.
constexpr llvm::StringLiteral ExpectedParenError = "expected ')'";

/// Clang's messages for an asm statement's operand numbers, constraints and
/// strings (err_asm_invalid_operand_number, err_asm_invalid_input_constraint,
/// err_asm_invalid_output_constraint, err_asm_unknown_symbolic_operand_name,
/// err_asm_unterminated_symbolic_operand_name, err_asm_invalid_type_in_input):
/// checked by Clang at definition, by nvcc only where instantiated.
bool isAsmOperandError(StringRef Message) {
  return Message == "invalid operand number in inline asm string" ||
         Message.starts_with("invalid input constraint '") ||
         Message.starts_with("invalid output constraint '") ||
         Message == "unknown symbolic operand name in inline assembly string" ||
         Message == "unterminated symbolic operand name in inline assembly string" ||
         Message.starts_with("invalid type ");
}

/// The bytes [Begin, End) of the asm statement around Offset in Text (from
/// `asm` to its closing parenthesis), or none when it is not found.
std::optional<std::pair<unsigned, unsigned>> asmStatementAround(StringRef Text, unsigned Offset) {
  for (size_t At = Text.take_front(Offset).rfind("asm"); At != StringRef::npos;
       At = Text.take_front(At).rfind("asm")) {
    if (At && (llvm::isAlnum(Text[At - 1]) || Text[At - 1] == '_') && !Text.take_front(At).ends_with("__"))
      continue;
    size_t Open = Text.find('(', At);
    if (Open == StringRef::npos || Open > Offset)
      return std::nullopt;
    int Depth = 0;
    for (size_t I = Open; I < Text.size(); ++I) {
      char C = Text[I];
      if (C == '"') {
        while (++I < Text.size() && !(Text[I] == '"' && Text[I - 1] != '\\'))
          ;
        continue;
      }
      if (C == '(')
        ++Depth;
      else if (C == ')' && --Depth == 0)
        return I > Offset ? std::optional(std::pair<unsigned, unsigned>(
                                At - (Text.take_front(At).ends_with("__") ? 2 : 0), I + 1))
                          : std::nullopt;
    }
    return std::nullopt;
  }
  return std::nullopt;
}

/// Finds whether a location is in the body of a function template (or a
/// member of a class template, a generic lambda): code nvcc checks only where
/// it is instantiated.
class TemplatedBodyFinder : public RecursiveASTVisitor<TemplatedBodyFinder> {
public:
  TemplatedBodyFinder(const SourceManager &SM, SourceLocation Loc) : SM(SM), Loc(Loc) {}
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->isTemplated() || !FD->doesThisDeclarationHaveABody())
      return true;
    SourceRange R = FD->getSourceRange();
    SourceLocation B = SM.getFileLoc(R.getBegin()), E = SM.getFileLoc(R.getEnd());
    if (SM.getFileID(B) == SM.getFileID(Loc) && !SM.isBeforeInTranslationUnit(Loc, B) &&
        !SM.isBeforeInTranslationUnit(E, Loc))
      Found = true;
    return !Found;
  }
  bool Found = false;

private:
  const SourceManager &SM;
  SourceLocation Loc;
};

/// Whether Offset in Text (a string literal after a closing parenthesis) is
/// inside the operand lists of an asm statement: walking back over balanced
/// parentheses reaches a ':' at the statement's level, and the '(' that opens
/// the statement follows `asm` (`__asm__`, `__asm`), maybe `volatile`.
bool inAsmOperands(StringRef Text, unsigned Offset) {
  if (Offset >= Text.size() || Text[Offset] != '"')
    return false;
  StringRef Before = Text.take_front(Offset).rtrim();
  if (!Before.ends_with(")"))
    return false;
  int Depth = 0;
  bool SawColon = false;
  for (size_t I = Before.size(); I-- > 0;) {
    char C = Before[I];
    if (C == '"') { // Skipped whole: the template and constraints.
      while (I-- > 0 && !(Before[I] == '"' && (I == 0 || Before[I - 1] != '\\')))
        ;
      if (I == size_t(-1))
        return false;
      continue;
    }
    if (C == ')')
      ++Depth;
    else if (C == '(' && Depth-- == 0) {
      if (!SawColon)
        return false;
      StringRef Head = Before.take_front(I).rtrim();
      for (StringRef Qual : {"volatile", "__volatile__", "__volatile", "inline", "goto"})
        if (Head.ends_with(Qual))
          Head = Head.drop_back(Qual.size()).rtrim();
      return Head.ends_with("asm") || Head.ends_with("__asm__") || Head.ends_with("__asm");
    } else if (C == ':' && Depth == 0)
      SawColon = true;
    else if (C == ';' || C == '{' || C == '}')
      return false;
  }
  return false;
}

struct Edit {
  unsigned Offset, Length;
  std::string Text;
};

/// True for Message (err_cuda_ovl_target) saying that a definition without
/// attributes cannot overload an earlier `__host__ __device__` or
/// `__device__` declaration. nvcc takes such a definition as the same
/// function, `__host__ __device__` (for a `__device__` declaration with its
/// warning #20037-D).
bool isRedeclaredWithoutTarget(StringRef Message) {
  if (!Message.consume_front("__host__ function '"))
    return false;
  size_t At = Message.find("' cannot overload ");
  if (At == StringRef::npos)
    return false;
  Message = Message.drop_front(At + StringRef("' cannot overload ").size());
  return Message.starts_with("__host__ __device__ function '") ||
         Message.starts_with("__device__ function '");
}

/// Each function declaration at a location of Rejected (a definition
/// without attributes after a declaration with them) gets `__host__
/// __device__` written before it (after its template parameters, on its line).
class RedeclarationFinder : public RecursiveASTVisitor<RedeclarationFinder> {
public:
  RedeclarationFinder(const SourceManager &SM,
                      const std::vector<SourceLocation> &Rejected,
                      std::map<FileID, std::vector<Edit>> &Edits)
      : SM(SM), Rejected(Rejected), Edits(Edits) {}

  bool VisitFunctionDecl(FunctionDecl *FD) {
    SourceLocation Name = FD->getLocation();
    SourceLocation Start = FD->getInnerLocStart();
    if (Name.isMacroID() || Start.isMacroID() || FD->hasAttr<CUDADeviceAttr>())
      return true;
    if (llvm::any_of(Rejected, [&](SourceLocation L) { return SM.getFileLoc(L) == Name; }))
      Edits[SM.getFileID(Start)].push_back({SM.getFileOffset(Start), 0, "__host__ __device__ "});
    return true;
  }

private:
  const SourceManager &SM;
  const std::vector<SourceLocation> &Rejected;
  std::map<FileID, std::vector<Edit>> &Edits;
};

class DeclFinder : public RecursiveASTVisitor<DeclFinder> {
public:
  DeclFinder(ASTContext &Ctx, const std::vector<SourceLocation> &Rejected,
             std::map<FileID, std::vector<Edit>> &Edits)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Rejected(Rejected), Edits(Edits) {}

  bool VisitDeclStmt(DeclStmt *S) {
    if (!S->isSingleDecl())
      return true;
    auto *VD = dyn_cast<VarDecl>(S->getSingleDecl());
    if (!VD || !VD->hasAttr<CUDASharedAttr>() || !rejected(VD->getLocation()) ||
        VD->getType()->isArrayType() || VD->getType()->isReferenceType())
      return true;
    SourceLocation Begin = SM.getExpansionLoc(S->getBeginLoc());
    SourceLocation End = S->getEndLoc(); // The ';'.
    SourceRange TypeRange = VD->getTypeSourceInfo()->getTypeLoc().getSourceRange();
    if (End.isMacroID() || TypeRange.getBegin().isMacroID() || TypeRange.getEnd().isMacroID() ||
        VD->getLocation().isMacroID() || SM.getFileID(Begin) != SM.getFileID(End))
      return true;
    StringRef Type = Lexer::getSourceText(CharSourceRange::getTokenRange(TypeRange), SM,
                                          Ctx.getLangOpts());
    if (Type.empty() || Type.contains('\n'))
      return true;
    std::string Cv;
    if (VD->getType().isVolatileQualified())
      Cv += "volatile ";
    if (VD->getType().isConstQualified())
      Cv += "const ";
    std::string Name = VD->getName().str();
    std::string Storage = "__warplint_shared_" + Name;
    // One line, so that the lines after it keep their numbers.
    std::string Text = llvm::formatv(
        "__attribute__((shared)) alignas({0}) unsigned char {1}[sizeof({0})]; {2}{0} &{3} = "
        "*reinterpret_cast<{2}{0} *>({1});",
        Type, Storage, Cv, Name);
    unsigned Offset = SM.getFileOffset(Begin);
    unsigned EndOffset = SM.getFileOffset(End) + 1;
    Edits[SM.getFileID(Begin)].push_back({Offset, EndOffset - Offset, std::move(Text)});
    return true;
  }

private:
  bool rejected(SourceLocation L) const {
    L = SM.getFileLoc(L);
    return llvm::any_of(Rejected, [&](SourceLocation R) { return SM.getFileLoc(R) == L; });
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  const std::vector<SourceLocation> &Rejected;
  std::map<FileID, std::vector<Edit>> &Edits;
};

class NvccRewriter : public ASTConsumer {
public:
  NvccRewriter(const std::vector<ClangError> &Errors, RewrittenFiles &Out,
               std::vector<std::string> &AsmSetAside)
      : Errors(Errors), Out(Out), AsmSetAside(AsmSetAside) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    const SourceManager &SM = Ctx.getSourceManager();
    std::vector<SourceLocation> Rejected;
    std::vector<SourceLocation> Redeclared;
    std::map<FileID, std::vector<Edit>> Edits;
    for (const ClangError &E : Errors) {
      if (E.Message == SharedInitError)
        Rejected.push_back(E.Loc);
      if (isRedeclaredWithoutTarget(E.Message))
        Redeclared.push_back(E.Loc);
      // The error points into the string literal at the escape's last
      // character (`%gl` of `%globaltimer`, the `g` read as a modifier), where
      // it is written in a file, not a macro's expansion: one more `%` before
      // it makes it `%%`.
      if (E.Message == ExpectedParenError && E.Loc.isFileID()) {
        unsigned Offset = SM.getFileOffset(E.Loc);
        if (inAsmOperands(SM.getBufferData(SM.getFileID(E.Loc)), Offset))
          Edits[SM.getFileID(E.Loc)].push_back({Offset, 0, ","});
      }
      if (isAsmOperandError(E.Message))
        setAsmAside(Ctx, E, Edits);
      if (E.Message == AsmEscapeError && E.Loc.isFileID()) {
        unsigned Offset = SM.getFileOffset(E.Loc);
        StringRef Text = SM.getBufferData(SM.getFileID(E.Loc));
        for (unsigned Back = 0; Back < 3 && Back <= Offset; ++Back)
          if (Text[Offset - Back] == '%') {
            Edits[SM.getFileID(E.Loc)].push_back({Offset - Back, 0, "%"});
            break;
          }
      }
    }
    if (!Rejected.empty()) {
      DeclFinder F(Ctx, Rejected, Edits);
      for (Decl *D : Parsed)
        F.TraverseDecl(D);
    }
    if (!Redeclared.empty()) {
      RedeclarationFinder F(SM, Redeclared, Edits);
      for (Decl *D : Parsed)
        F.TraverseDecl(D);
    }
    for (auto &[FID, List] : Edits) {
      OptionalFileEntryRef File = SM.getFileEntryRefForID(FID);
      if (!File)
        continue;
      std::string Text = SM.getBufferData(FID).str();
      // From the last edit back, so that offsets stay valid.
      llvm::sort(List, [](const Edit &A, const Edit &B) { return A.Offset > B.Offset; });
      unsigned Last = ~0u;
      for (const Edit &E : List) {
        if (E.Offset == Last) // One declaration, several instantiations.
          continue;
        Text.replace(E.Offset, E.Length, E.Text);
        Last = E.Offset;
      }
      Out[File->getName().str()] = std::move(Text);
    }
  }

private:
  /// An asm statement that E rejects in a template's body: its text becomes
  /// a call of the prelude's __warplint_asm_rejected_at_definition (its line
  /// breaks kept), which a compile that emits it reports as the error it is.
  void setAsmAside(ASTContext &Ctx, const ClangError &E,
                   std::map<FileID, std::vector<Edit>> &Edits) {
    const SourceManager &SM = Ctx.getSourceManager();
    SourceLocation Loc = SM.getFileLoc(E.Loc);
    TemplatedBodyFinder F(SM, Loc);
    for (Decl *D : Parsed)
      if (!F.Found)
        F.TraverseDecl(D);
    if (!F.Found)
      return;
    FileID FID = SM.getFileID(Loc);
    StringRef Text = SM.getBufferData(FID);
    std::optional<std::pair<unsigned, unsigned>> Range =
        asmStatementAround(Text, SM.getFileOffset(Loc));
    if (!Range)
      return;
    StringRef Old = Text.slice(Range->first, Range->second);
    std::string New = "__warplint_asm_rejected_at_definition()";
    for (char C : Old)
      if (C == '\n')
        New += C;
    Edits[FID].push_back({Range->first, Range->second - Range->first, std::move(New)});
    AsmSetAside.push_back(llvm::formatv("{0}:{1}: an asm statement Clang rejects at definition "
                                        "(nvcc checks it only where instantiated) was set "
                                        "aside: {2}",
                                        SM.getFilename(Loc), SM.getSpellingLineNumber(Loc),
                                        E.Message)
                              .str());
  }

  const std::vector<ClangError> &Errors;
  RewrittenFiles &Out;
  std::vector<std::string> &AsmSetAside;
  std::vector<Decl *> Parsed;
};

} // namespace

std::unique_ptr<ASTConsumer> createNvccRewriter(CompilerInstance &,
                                                const std::vector<ClangError> &Errors,
                                                RewrittenFiles &Out,
                                                std::vector<std::string> &AsmSetAside) {
  return std::make_unique<NvccRewriter>(Errors, Out, AsmSetAside);
}

} // namespace warplint
