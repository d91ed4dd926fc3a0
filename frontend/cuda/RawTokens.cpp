//===- RawTokens.cpp - A file's text as clang's raw lexer splits it -------===//
#include "frontend/cuda/RawTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"

namespace warplint {

std::vector<TextToken> lexText(llvm::StringRef Text) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.CUDA = true;
  clang::Lexer Raw(clang::SourceLocation(), LO, Text.begin(), Text.begin(), Text.end());
  std::vector<TextToken> Out;
  for (clang::Token T; Raw.LexFromRawLexer(T), T.isNot(clang::tok::eof);) {
    size_t End = Raw.getBufferLocation() - Text.begin();
    Out.push_back({T.getKind(), End - T.getLength(), End});
  }
  return Out;
}

bool opensBracket(clang::tok::TokenKind K) {
  return K == clang::tok::l_paren || K == clang::tok::l_square || K == clang::tok::l_brace;
}

bool closesBracket(clang::tok::TokenKind K) {
  return K == clang::tok::r_paren || K == clang::tok::r_square || K == clang::tok::r_brace;
}

} // namespace warplint
