//===- UnparsedDeclarations.cpp - Host declarations Clang dropped ---------===//
#include "frontend/cuda/UnparsedDeclarations.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace warplint {
namespace {

struct Region {
  SourceLocation Begin, End; ///< Where the gap's tokens may be (End excluded).
};

class GapFinder {
public:
  GapFinder(ASTContext &Ctx) : SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()) {}

  /// The gap of Decls (children of one namespace or of the translation unit)
  /// that holds L; none when a declaration holds it.
  std::optional<Region> gap(llvm::ArrayRef<Decl *> Decls, SourceLocation L, Region Whole) {
    FileID File = SM.getFileID(L);
    SourceLocation Begin = Whole.Begin, End = Whole.End;
    for (Decl *D : Decls) {
      if (D->isImplicit())
        continue;
      SourceLocation DB = SM.getExpansionLoc(D->getBeginLoc());
      SourceLocation DE = SM.getExpansionRange(D->getEndLoc()).getEnd();
      if (DB.isInvalid() || DE.isInvalid() || SM.getFileID(DB) != File)
        continue;
      if (!SM.isBeforeInTranslationUnit(L, DB) && !SM.isBeforeInTranslationUnit(DE, L))
        return inside(*D, L);
      if (SM.isBeforeInTranslationUnit(DE, L)) {
        SourceLocation After = Lexer::getLocForEndOfToken(DE, 0, SM, LO);
        if (After.isValid() && (Begin.isInvalid() || SM.isBeforeInTranslationUnit(Begin, After)))
          Begin = After;
      } else if (End.isInvalid() || SM.isBeforeInTranslationUnit(DB, End)) {
        End = DB;
      }
    }
    return Region{Begin, End};
  }

  /// The statement of the gap R that holds L: [first token, end of last).
  std::optional<std::pair<SourceLocation, SourceLocation>> statement(Region R, SourceLocation L) {
    FileID File = SM.getFileID(L);
    StringRef Buffer = SM.getBufferData(File);
    unsigned From = SM.getFileOffset(R.Begin), To = R.End.isValid() ? SM.getFileOffset(R.End)
                                                                    : Buffer.size();
    unsigned At = SM.getFileOffset(L);
    Lexer Raw(SM.getLocForStartOfFile(File), LO, Buffer.begin(), Buffer.begin() + From,
              Buffer.end());
    int Depth = 0;
    std::optional<unsigned> Start;
    Token T;
    bool InDirective = false;
    while (!Raw.LexFromRawLexer(T) || T.isNot(tok::eof)) {
      if (T.is(tok::eof))
        break;
      unsigned Off = SM.getFileOffset(T.getLocation());
      if (Off >= To)
        break;
      if (T.isAtStartOfLine())
        InDirective = T.is(tok::hash);
      if (InDirective) {
        Start.reset();
        continue;
      }
      // Not C++ (a binary file, say): no declaration to leave out.
      if (T.is(tok::unknown))
        return std::nullopt;
      if (!Start)
        Start = Off;
      unsigned EndOff = Off + T.getLength();
      bool Ends = false;
      if (T.isOneOf(tok::l_brace, tok::l_paren, tok::l_square))
        ++Depth;
      else if (T.isOneOf(tok::r_paren, tok::r_square))
        --Depth;
      else if (T.is(tok::r_brace))
        Ends = --Depth == 0;
      else if (T.is(tok::semi))
        Ends = Depth == 0;
      if (Ends || EndOff >= To) {
        if (*Start <= At && At < EndOff)
          return std::make_pair(SM.getComposedLoc(File, *Start), SM.getComposedLoc(File, EndOff));
        Start.reset();
        Depth = 0;
      }
    }
    return std::nullopt;
  }

private:
  /// L lies in D: a namespace (or extern "C" { }) is looked into; any other
  /// declaration holds it.
  std::optional<Region> inside(Decl &D, SourceLocation L) {
    // A using-declaration, a using-directive, a typedef or a namespace alias
    // that Clang kept although it does not compile: the whole of it.
    if (isa<UsingDecl, UsingDirectiveDecl, TypedefNameDecl, NamespaceAliasDecl>(D)) {
      SourceLocation Begin = SM.getExpansionLoc(D.getBeginLoc());
      SourceLocation End = Lexer::getLocForEndOfToken(
          SM.getExpansionRange(D.getEndLoc()).getEnd(), 0, SM, LO);
      if (Begin.isInvalid() || End.isInvalid())
        return std::nullopt;
      return Region{Begin, End};
    }
    auto *DC = dyn_cast<DeclContext>(&D);
    SourceLocation Close;
    if (auto *N = dyn_cast<NamespaceDecl>(&D))
      Close = N->getRBraceLoc();
    else if (auto *LS = dyn_cast<LinkageSpecDecl>(&D); LS && LS->hasBraces())
      Close = LS->getRBraceLoc();
    if (!DC || Close.isInvalid())
      return std::nullopt;
    // The namespace's own tokens up to its `{`.
    SourceLocation Open = SM.getExpansionLoc(D.getBeginLoc());
    std::optional<Token> Tok;
    while ((Tok = Lexer::findNextToken(Open, SM, LO)) && Tok->isNot(tok::l_brace) &&
           Tok->isNot(tok::eof))
      Open = Tok->getLocation();
    if (!Tok || Tok->isNot(tok::l_brace) || !SM.isBeforeInTranslationUnit(Tok->getLocation(), L))
      return std::nullopt;
    std::vector<Decl *> Children(DC->decls_begin(), DC->decls_end());
    return gap(Children, L,
               Region{Tok->getEndLoc(), SM.getExpansionLoc(Close)});
  }

  const SourceManager &SM;
  const LangOptions &LO;
};

} // namespace

SourceLocation endOfDeclaration(const SourceManager &SM, const LangOptions &LO,
                                SourceLocation End) {
  std::optional<Token> Next = Lexer::findNextToken(End, SM, LO);
  if (!Next || Next->isNot(tok::l_brace))
    return Lexer::getLocForEndOfToken(End, 0, SM, LO);
  FileID File = SM.getFileID(Next->getLocation());
  StringRef Buffer = SM.getBufferData(File);
  Lexer Raw(SM.getLocForStartOfFile(File), LO, Buffer.begin(),
            Buffer.begin() + SM.getFileOffset(Next->getLocation()), Buffer.end());
  int Depth = 0;
  Token T;
  while (!Raw.LexFromRawLexer(T) && T.isNot(tok::eof)) {
    if (T.is(tok::l_brace))
      ++Depth;
    else if (T.is(tok::r_brace) && --Depth == 0)
      return T.getEndLoc();
  }
  return Lexer::getLocForEndOfToken(End, 0, SM, LO);
}

std::optional<FailedHostCode> unparsedDeclaration(ASTContext &Ctx, llvm::ArrayRef<Decl *> TopLevel,
                                                  SourceLocation Loc, std::string &Key) {
  const SourceManager &SM = Ctx.getSourceManager();
  Loc = SM.getExpansionLoc(Loc);
  if (Loc.isInvalid() || SM.isInSystemHeader(Loc))
    return std::nullopt;
  FileID File = SM.getFileID(Loc);
  OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
  if (!Entry || Entry->getName().starts_with("/__warplint"))
    return std::nullopt;
  GapFinder Finder(Ctx);
  std::optional<Region> Gap =
      Finder.gap(TopLevel, Loc, Region{SM.getLocForStartOfFile(File), SourceLocation()});
  if (!Gap)
    return std::nullopt;
  auto Stmt = Finder.statement(*Gap, Loc);
  if (!Stmt)
    return std::nullopt;
  FailedHostCode H;
  unsigned Begin = SM.getFileOffset(Stmt->first), End = SM.getFileOffset(Stmt->second);
  H.Whole = BlankRange{Entry->getName().str(), Begin, End};
  H.InBody = false;
  H.ShortFile = llvm::sys::path::filename(Entry->getName()).str();
  H.FirstLine = SM.getExpansionLineNumber(Stmt->first);
  H.LastLine = SM.getExpansionLineNumber(Stmt->second);
  // Named by its text, up to its first line's end.
  StringRef Text = SM.getBufferData(File).slice(Begin, End);
  Text = Text.take_until([](char C) { return C == '\n'; }).trim();
  H.Name = Text.size() > 40 ? (Text.take_front(37) + "...").str() : Text.str();
  PresumedLoc P = SM.getPresumedLoc(Stmt->first);
  Key = llvm::formatv("{0}:{1}:{2}", P.getFilename(), P.getLine(), P.getColumn()).str();
  return H;
}

} // namespace warplint
