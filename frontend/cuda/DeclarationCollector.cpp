//===- DeclarationCollector.cpp - Declarations that fix-its edit ----------===//
//
// Fix-its edit declarations: `__restrict__` on a kernel's parameter, one more
// column in a shared tile. Where those are written is the AST's to say, not a
// pattern over source lines: a macro, a template, a comment or a line break
// in the declaration cannot fool it.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/TypeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclGroup.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecordLayout.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FileSystem.h"

#include <algorithm>

using namespace clang;

namespace warplint {
namespace {

class DeclarationVisitor : public RecursiveASTVisitor<DeclarationVisitor> {
public:
  DeclarationVisitor(ASTContext &Ctx, std::string Directory, SourceDecls &Out)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Mangler(Ctx.createMangleContext()),
        Directory(std::move(Directory)), Out(Out) {}

  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldWalkTypesOfTypeLocs() const { return false; }

  /// Declarations in system headers (an SDK, the prelude's stand-ins) take no
  /// fix-its: not walked.
  bool TraverseDecl(Decl *D) {
    if (D && !isa<TranslationUnitDecl>(D) && SM.isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor::TraverseDecl(D);
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || FD->isTemplated())
      return true;
    std::string Name = mangledName(FD);
    // A definition's parameters win over a prototype's.
    if (!FD->doesThisDeclarationHaveABody() && Out.RestrictAt.count(Name))
      return true;
    std::vector<SourceLoc> &Params = Out.RestrictAt[Name];
    Params.clear();
    for (const ParmVarDecl *P : FD->parameters())
      Params.push_back(restrictAt(*P));
    for (unsigned I = 0; I < FD->getNumParams(); ++I) {
      QualType T = FD->getParamDecl(I)->getType();
      recordPointee(Name, I, T);
      if (!T->isRecordType() || T->isDependentType() || T->isIncompleteType())
        continue;
      std::string Leaves;
      structLeaves(T, 0, "", Leaves, 0);
      if (!Leaves.empty())
        Out.StructParams[Name][I] = std::move(Leaves);
    }
    return true;
  }

  bool VisitVarDecl(VarDecl *VD) {
    if (!VD->hasGlobalStorage() || VD->isTemplated() || isa<ParmVarDecl>(VD) ||
        !(VD->hasAttr<CUDASharedAttr>() || VD->hasAttr<CUDAConstantAttr>() ||
          VD->hasAttr<CUDADeviceAttr>()))
      return true;
    VariableDecl D;
    D.Name = toSourceLoc(SM.getFileLoc(VD->getLocation()));
    if (const TypeSourceInfo *TSI = VD->getTypeSourceInfo()) {
      TypeLoc TL = TSI->getTypeLoc();
      while (auto ATL = TL.getAsAdjusted<ArrayTypeLoc>()) {
        D.Dims.push_back(sizeAsWritten(ATL.getSizeExpr()));
        TL = ATL.getElementLoc();
      }
      markSharedSizes(D.Dims);
    }
    Out.Variables[mangledName(VD)] = std::move(D);
    return true;
  }

private:
  /// Notes the structure a pointer parameter points to, with its size; not
  /// CUDA's vector types, whose names tell their size already (pointeeOf).
  void recordPointee(const std::string &Kernel, unsigned Index, QualType T) {
    if (!T->isPointerType())
      return;
    QualType E = T->getPointeeType();
    if (!E->isRecordType() || E->isDependentType() || E->isIncompleteType())
      return;
    std::string Written = E.getUnqualifiedType().getAsString(Ctx.getPrintingPolicy());
    if (std::optional<Pointee> Known = pointeeOf(Written + "*"); Known && Known->Bytes)
      return;
    const auto *RD = E->getAsRecordDecl();
    std::string Name = RD && RD->getIdentifier() ? RD->getName().str() : Written;
    Out.RecordPointees[Kernel][Index] =
        Name + ":" + std::to_string(Ctx.getTypeSizeInChars(E).getQuantity());
  }

  /// Appends T's scalar and pointer leaves at byte Offset, named from Name,
  /// to Out as StructFieldsAttr says (bit-fields, unions and vectors are left
  /// zero: no leaf).
  void structLeaves(QualType T, uint64_t Offset, const std::string &Name, std::string &Out,
                    unsigned Depth) {
    T = T.getCanonicalType().getUnqualifiedType();
    if (Depth > 8 || Out.size() > 16384)
      return;
    auto Leaf = [&](StringRef Kind, uint64_t Bytes, StringRef Extra = "") {
      Out += (Out.empty() ? "" : ";") + Name + "@" + std::to_string(Offset) + ":" + Kind.str() +
             ":" + std::to_string(Bytes) + Extra.str();
    };
    if (const auto *RT = T->getAs<RecordType>()) {
      const RecordDecl *RD = RT->getDecl()->getDefinition();
      if (!RD || RD->isUnion() || RD->isInvalidDecl())
        return;
      const ASTRecordLayout &L = Ctx.getASTRecordLayout(RD);
      if (const auto *CXX = dyn_cast<CXXRecordDecl>(RD))
        for (const CXXBaseSpecifier &B : CXX->bases())
          if (const CXXRecordDecl *Base = B.getType()->getAsCXXRecordDecl(); Base && !B.isVirtual())
            structLeaves(B.getType(), Offset + L.getBaseClassOffset(Base).getQuantity(), Name, Out,
                         Depth + 1);
      for (const FieldDecl *F : RD->fields()) {
        if (F->isBitField() || F->getName().empty())
          continue;
        std::string Field = Name.empty() ? F->getName().str() : Name + "." + F->getName().str();
        structLeaves(F->getType(), Offset + L.getFieldOffset(F->getFieldIndex()) / 8, Field, Out,
                     Depth + 1);
      }
      return;
    }
    if (const ConstantArrayType *AT = Ctx.getAsConstantArrayType(T)) {
      uint64_t ElemBytes = Ctx.getTypeSizeInChars(AT->getElementType()).getQuantity();
      uint64_t N = std::min<uint64_t>(AT->getSize().getZExtValue(), 256);
      for (uint64_t K = 0; K < N; ++K)
        structLeaves(AT->getElementType(), Offset + K * ElemBytes,
                     Name + "[" + std::to_string(K) + "]", Out, Depth + 1);
      return;
    }
    uint64_t Bytes = Ctx.getTypeSizeInChars(T).getQuantity();
    if (T->isPointerType()) {
      QualType E = T->getPointeeType().getUnqualifiedType();
      uint64_t EB = E->isIncompleteType() || E->isVoidType() ? 1 : Ctx.getTypeSizeInChars(E).getQuantity();
      std::string ElemName = E.getAsString(Ctx.getPrintingPolicy());
      std::replace_if(ElemName.begin(), ElemName.end(), [](char C) { return C == ';' || C == ':' || C == '@'; }, '_');
      Leaf("ptr", Bytes, ":" + ElemName + ":" + std::to_string(EB));
    } else if (T->isRealFloatingType()) {
      Leaf("float", Bytes);
    } else if (T->isIntegralOrEnumerationType()) {
      Leaf(T->isSignedIntegerOrEnumerationType() ? "int" : "uint", Bytes);
    }
  }

  std::string mangledName(const NamedDecl *D) {
    if (!Mangler->shouldMangleDeclName(D))
      return D->getName().str();
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Mangler->mangleName(isa<VarDecl>(D) ? GlobalDecl(cast<VarDecl>(D))
                                        : GlobalDecl(cast<FunctionDecl>(D)),
                        OS);
    return Name;
  }

  SourceLoc toSourceLoc(SourceLocation L) const {
    PresumedLoc P = SM.getPresumedLoc(L);
    if (L.isInvalid() || P.isInvalid())
      return {};
    return SourceLoc{displayPath(Directory, P.getFilename()), P.getLine(), P.getColumn()};
  }

  /// Before the name of a pointer parameter, where the name is written in a
  /// file (directly or as a macro's argument). An array parameter (`float
  /// x[]`) would need the qualifier inside its brackets: none.
  SourceLoc restrictAt(const ParmVarDecl &P) const {
    SourceLocation L = P.getLocation();
    if (!P.getIdentifier() || !P.getOriginalType()->isPointerType() || L.isInvalid())
      return {};
    if (L.isMacroID()) {
      if (!SM.isMacroArgExpansion(L))
        return {}; // In a macro's body: an edit there changes every use.
      L = SM.getSpellingLoc(L);
    }
    return toSourceLoc(L);
  }

  /// An array dimension's size as written: its text in the file (where the
  /// declaration is written, or in a macro's argument), else in the body of
  /// the macro that declares it. An object-like macro that is the whole size
  /// (`TILE`) stays a name: its #define is never the size's text.
  SourceText sizeAsWritten(const Expr *Size) const {
    if (!Size)
      return {};
    SourceLocation Begin = Size->getBeginLoc(), End = Size->getEndLoc();
    CharSourceRange Range = Lexer::makeFileCharRange(
        CharSourceRange::getTokenRange(Begin, End), SM, Ctx.getLangOpts());
    if (Range.isValid())
      return textOf(Range);
    return sizeInMacroBody(Begin, End);
  }

  SourceText textOf(CharSourceRange Range) const {
    return SourceText{toSourceLoc(Range.getBegin()),
                      Lexer::getSourceText(Range, SM, Ctx.getLangOpts()).str(), ""};
  }

  /// A size written inside a macro's body: found in the innermost expansion
  /// that holds both its ends, then out of each macro that is the whole size
  /// (`TILE` in `#define DECL(n) __shared__ float n[TILE][TILE]`). That text
  /// is the declaration's own only when its macro is expanded once.
  SourceText sizeInMacroBody(SourceLocation Begin, SourceLocation End) const {
    if (!intoOneExpansion(Begin, End))
      return {};
    SourceLocation UpBegin, UpEnd;
    while (SM.isAtStartOfImmediateMacroExpansion(Begin, &UpBegin) &&
           SM.isAtEndOfImmediateMacroExpansion(afterToken(End), &UpEnd) &&
           UpBegin.isMacroID() && UpEnd.isMacroID() &&
           SM.getFileID(UpBegin) == SM.getFileID(UpEnd)) {
      Begin = UpBegin;
      End = UpEnd;
    }
    const SrcMgr::ExpansionInfo &Expansion =
        SM.getSLocEntry(SM.getFileID(Begin)).getExpansion();
    SourceLocation SpelledBegin = SM.getImmediateSpellingLoc(Begin);
    SourceLocation SpelledEnd = SM.getImmediateSpellingLoc(End);
    if (!SpelledBegin.isFileID() || !SpelledEnd.isFileID() ||
        SM.getFileID(SpelledBegin) != SM.getFileID(SpelledEnd) ||
        SM.isWrittenInScratchSpace(SpelledBegin) || SpelledEnd < SpelledBegin)
      return {};
    SourceText Text = textOf(CharSourceRange::getTokenRange(SpelledBegin, SpelledEnd));
    StringRef Macro = Lexer::getImmediateMacroName(Begin, SM, Ctx.getLangOpts());
    if (Expansion.isMacroArgExpansion()) {
      Text.NotOwn = "written in a macro's argument inside another macro's body: an "
                    "edit there may change more than this declaration";
      return Text;
    }
    unsigned Times = expansionsOf(Expansion);
    if (Times != 1)
      Text.NotOwn = ("written in the body of '" + Macro + "', which is expanded " +
                     Twine(Times) + " times: an edit there changes every declaration it makes")
                        .str();
    return Text;
  }

  /// Just past the token at Loc (a macro location): what
  /// isAtEndOfImmediateMacroExpansion asks about.
  SourceLocation afterToken(SourceLocation Loc) const {
    unsigned Length =
        Lexer::MeasureTokenLength(SM.getSpellingLoc(Loc), SM, Ctx.getLangOpts());
    return Loc.getLocWithOffset(Length);
  }

  /// Moves Begin and End out through the macros they come from until both
  /// are in one expansion; false when they never are.
  bool intoOneExpansion(SourceLocation &Begin, SourceLocation &End) const {
    SmallVector<SourceLocation, 8> Ends;
    for (SourceLocation L = End; L.isMacroID();
         L = SM.getImmediateExpansionRange(L).getEnd())
      Ends.push_back(L);
    for (SourceLocation L = Begin; L.isMacroID();
         L = SM.getImmediateExpansionRange(L).getBegin())
      for (SourceLocation E : Ends)
        if (SM.getFileID(L) == SM.getFileID(E)) {
          Begin = L;
          End = E;
          return true;
        }
    return false;
  }

  /// How many times this compile expanded the macro whose body Expansion
  /// is: every expansion of one macro is spelled from the start of its body.
  /// (Expansions inside a precompiled preamble, the includes, are not
  /// counted.)
  unsigned expansionsOf(const SrcMgr::ExpansionInfo &Expansion) const {
    unsigned N = 0;
    for (unsigned I = 0, E = SM.local_sloc_entry_size(); I < E; ++I) {
      const SrcMgr::SLocEntry &Entry = SM.getLocalSLocEntry(I);
      if (Entry.isExpansion() && !Entry.getExpansion().isMacroArgExpansion() &&
          Entry.getExpansion().getSpellingLoc() == Expansion.getSpellingLoc())
        ++N;
    }
    return N;
  }

  /// Two dimensions whose sizes are one text (`n[S][S]` with S a macro's
  /// argument): an edit of one would change both.
  static void markSharedSizes(std::vector<SourceText> &Dims) {
    for (size_t I = 0; I < Dims.size(); ++I)
      for (size_t J = I + 1; J < Dims.size(); ++J)
        if (Dims[I].Loc.valid() && Dims[I].Loc == Dims[J].Loc)
          Dims[I].NotOwn = Dims[J].NotOwn =
              "one macro argument for two dimensions: an edit there changes both";
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  std::unique_ptr<MangleContext> Mangler;
  std::string Directory;
  SourceDecls &Out;
};

/// Visits the declarations this compile parsed, at the end of the
/// translation unit. Those a precompiled preamble holds (the includes) are
/// not visited: walking the whole translation unit would load every header
/// declaration from it.
class DeclarationCollector : public ASTConsumer {
public:
  DeclarationCollector(std::string Directory, SourceDecls &Out)
      : Directory(std::move(Directory)), Out(Out) {}

  bool HandleTopLevelDecl(DeclGroupRef DG) override {
    Parsed.insert(Parsed.end(), DG.begin(), DG.end());
    return true;
  }

  void HandleTranslationUnit(ASTContext &Ctx) override {
    DeclarationVisitor V(Ctx, Directory, Out);
    // By index: with a preamble, walking a declaration can load more from
    // it, and those the reader finds interesting (kernels, say) come back
    // through HandleTopLevelDecl and are appended to Parsed meanwhile.
    for (size_t I = 0; I < Parsed.size(); ++I)
      V.TraverseDecl(Parsed[I]);
    Out.Available = true;
  }

private:
  std::string Directory;
  SourceDecls &Out;
  std::vector<Decl *> Parsed;
};

} // namespace

std::string compileDirectory(const CompilerInstance &CI) {
  std::string Directory = CI.getCodeGenOpts().DebugCompilationDir;
  if (Directory.empty()) {
    llvm::SmallString<256> Cwd;
    if (!llvm::sys::fs::current_path(Cwd))
      Directory = Cwd.str().str();
  }
  return Directory;
}

std::unique_ptr<ASTConsumer> createDeclarationCollector(CompilerInstance &CI,
                                                        SourceDecls &Out) {
  return std::make_unique<DeclarationCollector>(compileDirectory(CI), Out);
}

} // namespace warplint
